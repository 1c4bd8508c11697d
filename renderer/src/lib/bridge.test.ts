import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_MESSAGES, type BridgeMethod } from '../../../screens/contract/bridge.js';
import { answeredYes, askBridge, detectWrapper, platformHeaders, validAnswer } from './bridge.js';

type Posted = { id: string; method: string; args: unknown };

/** A window with a fake Android bridge that answers with `reply` (or never, when it returns undefined). */
function androidWindow(reply: (m: Posted) => unknown) {
  const posted: Posted[] = [];
  const w: Record<string, unknown> = {
    ReactNativeWebView: {
      postMessage(raw: string) {
        const m = JSON.parse(raw) as Posted;
        posted.push(m);
        const result = reply(m);
        if (result !== undefined) queueMicrotask(() => (w.consorcioBridge as { answer(a: unknown): void }).answer(JSON.stringify({ id: m.id, result })));
      },
    },
  };
  vi.stubGlobal('window', w);
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('native bridge in the renderer', () => {
  it('finds no wrapper on the plain web, sends no platform header and answers no at once', async () => {
    vi.stubGlobal('window', {});
    expect(detectWrapper()).toBeNull();
    expect(platformHeaders()).toEqual({});
    expect(await askBridge('share-file', { href: '/api/x', filename: 'x.pdf' })).toBeNull();
  });

  it("finds Android by its injected object and iOS by its message handler", () => {
    androidWindow(() => undefined);
    expect(detectWrapper()).toBe('android');
    const received: unknown[] = [];
    vi.stubGlobal('window', { webkit: { messageHandlers: { consorcio: { postMessage: (m: unknown) => received.push(m) } } } });
    expect(detectWrapper()).toBe('ios');
    expect(platformHeaders()).toMatchObject({ 'x-client-platform': 'ios' });
  });

  it('passes a well-formed answer and reads yes from it', async () => {
    const posted = androidWindow(() => ({ shared: true }));
    const answer = await askBridge('share-file', { href: '/api/arquivos/boletos/1', filename: 'boleto-1.pdf' });
    expect(posted[0]).toMatchObject({ method: 'share-file', args: { filename: 'boleto-1.pdf' } });
    expect(answeredYes('share-file', answer)).toBe(true);
  });

  it('treats an answer of the wrong shape as no', async () => {
    androidWindow(() => ({ shared: 'yes' }));
    expect(await askBridge('share-file', { href: '/api/x', filename: 'x.pdf' })).toBeNull();
  });

  it('gives up after 2 s without an answer, and ignores a late answer', async () => {
    vi.useFakeTimers();
    const posted = androidWindow(() => undefined);
    const pending = askBridge('push-opt-in', {});
    await vi.advanceTimersByTimeAsync(1999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeNull();
    (window as unknown as { consorcioBridge: { answer(a: unknown): void } }).consorcioBridge.answer({ id: posted[0]!.id, result: { granted: true } });
  });

  it('accepts exactly what the published answer schemas accept, for every message', () => {
    for (const [method, m] of Object.entries(BRIDGE_MESSAGES) as Array<[BridgeMethod, (typeof BRIDGE_MESSAGES)[BridgeMethod]]>) {
      expect(validAnswer(method, m.example.answer), `${method} example`).toBe(true);
      for (const wrong of [null, 'ok', {}, { ok: 'true' }, { shared: 1 }, { granted: true, token: '' }, { platform: 'web', appVersion: '1' }]) {
        expect(validAnswer(method, wrong), `${method} ${JSON.stringify(wrong)}`).toBe(m.answer.safeParse(wrong).success);
      }
    }
  });

  it('ignores an answer to an id it never sent, a string that is not JSON and an answer without id; the call still ends as no after 2 s', async () => {
    vi.useFakeTimers();
    const posted = androidWindow(() => undefined);
    const pending = askBridge('share-file', { href: '/api/x', filename: 'x.pdf' });
    const hook = (window as unknown as { consorcioBridge: { answer(a: unknown): void } }).consorcioBridge;
    hook.answer({ id: 'b999999', result: { shared: true } });
    hook.answer('{not json');
    hook.answer({ result: { shared: true } });
    hook.answer(JSON.stringify([posted[0]!.id, { shared: true }]));
    await vi.advanceTimersByTimeAsync(2000);
    expect(await pending).toBeNull();
  });

  it('treats an unknown bridge (another app’s handler or object) as the plain web: no platform header, nothing posted', async () => {
    const received: unknown[] = [];
    vi.stubGlobal('window', {
      webkit: { messageHandlers: { outroApp: { postMessage: (m: unknown) => received.push(m) } } },
      flutter_inappwebview: { callHandler: (...args: unknown[]) => received.push(args) },
      ReactNativeWebView: { postMessage: 'not a function' },
    });
    expect(detectWrapper()).toBeNull();
    expect(platformHeaders()).toEqual({});
    expect(await askBridge('biometrics', { unlock: true })).toBeNull();
    expect(received).toEqual([]);
  });

  it('counts a bridge that throws as no at once', async () => {
    vi.stubGlobal('window', { ReactNativeWebView: { postMessage: () => { throw new Error('bridge gone'); } } });
    const started = Date.now();
    expect(await askBridge('push-opt-in', {})).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('refuses a biometric answer whose credential is not a credential', () => {
    expect(validAnswer('biometrics', { ok: true, credential: 'q3JvbWV0cmlhLWRlLWV4ZW1wbG8tY29tLTMyLWJ5dGVzLW5v' })).toBe(true);
    for (const credential of ['short', 42, 'a'.repeat(43) + '!', '']) expect(validAnswer('biometrics', { ok: true, credential }), String(credential)).toBe(false);
  });
});
