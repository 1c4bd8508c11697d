import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreen, forgetKeptScreens, RequestFailure } from './api.js';

/** A server answering every screen request with `status` and `body`. */
function answering(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  forgetKeptScreens();
  vi.unstubAllGlobals();
});

describe('an address that names nothing', () => {
  const notFound = { schemaVersion: 1, kind: 'screen', screen: 'nao-encontrada', route: '/nao-existe', title: 'Página não encontrada', layout: [], modals: [] };

  it('draws the not-found document the server answers with a 404', async () => {
    answering(404, notFound);
    expect(await fetchScreen('/nao-existe')).toEqual(notFound);
  });

  it('follows a redirect answered with a 404 (a guard sending the customer elsewhere first)', async () => {
    const redirect = { schemaVersion: 1, kind: 'redirect', to: '/trocar-senha' };
    answering(404, redirect);
    expect(await fetchScreen('/nao-existe')).toEqual(redirect);
  });

  it('still shows the error of a 404 that carries no document', async () => {
    answering(404, { kind: 'error', title: 'Ops ;)', message: 'Ação desconhecida.' });
    await expect(fetchScreen('/nao-existe')).rejects.toBeInstanceOf(RequestFailure);
    await expect(fetchScreen('/nao-existe')).rejects.toThrow('Ação desconhecida.');
  });
});
