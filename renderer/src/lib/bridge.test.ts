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
});
