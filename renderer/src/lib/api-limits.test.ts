import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreen, forgetKeptScreens, postAction, RequestFailure } from './api.js';

/** The server's answer past a request limit (server/src/security/rate-limits.ts). */
const REFUSED = { kind: 'error', title: 'Ops ;)', message: 'Muitas solicitações em pouco tempo. Aguarde 42 segundos e tente novamente.', retry: true };

function tooMany() {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(REFUSED), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' } }));
}

afterEach(() => {
  forgetKeptScreens();
  vi.unstubAllGlobals();
});

describe('a request past its limit (429)', () => {
  it('fails a screen with the server’s title and message, and a way to try again', async () => {
    tooMany();
    const failure = await fetchScreen('/home').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect(failure).toMatchObject({ title: REFUSED.title, message: REFUSED.message, retry: true });
  });

  it('answers an action with the error result the renderer shows, its message as the server wrote it', async () => {
    tooMany();
    expect(await postAction('quotas/select', { idCota: 1 })).toEqual(REFUSED);
  });
});
