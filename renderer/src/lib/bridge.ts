/**
 * The native bridge (contract: screens/contract/bridge.ts, docs/native-contract.md). A wrapper is
 * found by the bridge it injects: Android's `window.ReactNativeWebView`, iOS's
 * `window.webkit.messageHandlers.consorcio`. Messages go out as `{ id, method, args }`; the wrapper
 * answers with `window.consorcioBridge.answer({ id, result })`. No wrapper, an answer of the wrong
 * shape, or none within 2 s all mean "no", silently: the caller takes the web path.
 * No zod here (it stays out of the browser): bridge.test.ts keeps these checks in step with the contract.
 */
import type { BridgeMethod } from '../../../screens/contract/bridge.js';
import { CLIENT_APP_VERSION_HEADER, CLIENT_PLATFORM_HEADER } from '../../../screens/contract/protocol.js';

export const BRIDGE_TIMEOUT_MS = 2000;

export type Platform = 'android' | 'ios';

interface NativeWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { consorcio?: { postMessage(message: unknown): void } } };
  consorcioBridge?: { answer(answer: unknown): void };
}

const win = () => (typeof window === 'undefined' ? ({} as NativeWindow) : (window as unknown as NativeWindow));

/** The wrapper this page runs in, by the bridge it finds; null on the plain web. */
export function detectWrapper(): Platform | null {
  const w = win();
  if (w.ReactNativeWebView && typeof w.ReactNativeWebView.postMessage === 'function') return 'android';
  if (typeof w.webkit?.messageHandlers?.consorcio?.postMessage === 'function') return 'ios';
  return null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, type: string) => v === undefined || typeof v === type;

/** Each message's answer shape, and whether it means yes. */
const ANSWERS: Record<BridgeMethod, { valid(r: Obj): boolean; yes(r: Obj): boolean }> = {
  biometrics: {
    valid: (r) =>
      typeof r.ok === 'boolean' &&
      (r.reason === undefined || ['failed', 'cancelled', 'unavailable'].includes(r.reason as string)) &&
      (r.credential === undefined || (typeof r.credential === 'string' && /^[A-Za-z0-9_-]{43,256}$/.test(r.credential))),
    yes: (r) => r.ok === true,
  },
  'push-opt-in': { valid: (r) => typeof r.granted === 'boolean' && optional(r.token, 'string') && r.token !== '', yes: (r) => r.granted === true },
  'status-bar-color': { valid: (r) => typeof r.ok === 'boolean', yes: (r) => r.ok === true },
  'share-file': { valid: (r) => typeof r.shared === 'boolean', yes: (r) => r.shared === true },
  evaluation: { valid: (r) => typeof r.reviewed === 'boolean', yes: (r) => r.reviewed === true },
  device: { valid: (r) => (r.platform === 'android' || r.platform === 'ios') && typeof r.appVersion === 'string' && /^\d+(\.\d+)*$/.test(r.appVersion), yes: () => true },
  copy: { valid: (r) => typeof r.copied === 'boolean', yes: (r) => r.copied === true },
};

/** Whether `result` is a well-formed answer to `method` (exported for the contract test). */
export function validAnswer(method: BridgeMethod, result: unknown): result is Obj {
  return isObj(result) && ANSWERS[method].valid(result);
}

const pending = new Map<string, (result: unknown) => void>();
let counter = 0;

function installAnswerHook(w: NativeWindow): void {
  if (w.consorcioBridge) return;
  w.consorcioBridge = {
    answer(raw: unknown) {
      let answer: unknown = raw;
      if (typeof raw === 'string') {
        try {
          answer = JSON.parse(raw);
        } catch {
          return;
        }
      }
      if (!isObj(answer) || typeof answer.id !== 'string') return;
      // An answer to a message we did not send (or already gave up on) is ignored.
      pending.get(answer.id)?.(answer.result);
    },
  };
}

/** Posts a message to the wrapper; the well-formed answer, or null (no wrapper, wrong shape, 2 s without answer). */
export function askBridge(method: BridgeMethod, args: Record<string, unknown>, timeoutMs = BRIDGE_TIMEOUT_MS): Promise<Obj | null> {
  const platform = detectWrapper();
  if (!platform) return Promise.resolve(null);
  const w = win();
  installAnswerHook(w);
  const id = `b${++counter}`;
  return new Promise((resolve) => {
    const done = (result: Obj | null) => {
      clearTimeout(timer);
      pending.delete(id);
      resolve(result);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    pending.set(id, (result) => done(validAnswer(method, result) ? result : null));
    const envelope = { id, method, args };
    try {
      if (platform === 'android') w.ReactNativeWebView!.postMessage(JSON.stringify(envelope));
      else w.webkit!.messageHandlers!.consorcio!.postMessage(envelope);
    } catch {
      done(null);
    }
  });
}

/** Whether a well-formed answer means yes (shared, granted, enrolled…). */
export function answeredYes(method: BridgeMethod, result: Obj | null): boolean {
  return result !== null && ANSWERS[method].yes(result);
}

let appVersion: string | undefined;
let asked = false;

/** Headers naming the wrapper on every request (none on the plain web); asks the wrapper its version once. */
export function platformHeaders(): Record<string, string> {
  const platform = detectWrapper();
  if (!platform) return {};
  if (!asked) {
    asked = true;
    void askBridge('device', {}).then((answer) => {
      if (answer && answer.platform === platform) appVersion = answer.appVersion as string;
    });
  }
  return appVersion ? { [CLIENT_PLATFORM_HEADER]: platform, [CLIENT_APP_VERSION_HEADER]: appVersion } : { [CLIENT_PLATFORM_HEADER]: platform };
}

let paintedColor: string | undefined;

/** Paints the device status bar in the partner's primary colour, inside a wrapper, once per colour. */
export function paintStatusBar(color: string | undefined): void {
  if (!color || !/^#[0-9a-fA-F]{6}$/.test(color) || color === paintedColor || !detectWrapper()) return;
  paintedColor = color;
  void askBridge('status-bar-color', { color });
}
