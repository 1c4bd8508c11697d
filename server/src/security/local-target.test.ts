import { describe, expect, it } from 'vitest';
import { OPEN_REDIRECT_PAYLOADS } from '../../../tests/helpers/open-redirect-payloads.js';
import { loadDefinitions } from '../composition/definitions.js';
import { matchRoute } from '../composition/route-table.js';
import { localTarget, requestOrigin } from './local-target.js';

const { routes } = loadDefinitions();
const ORIGIN = 'http://localhost:3000';
const known = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/') || matchRoute(routes, pathname) !== null;
const target = (value: unknown) => localTarget(value, ORIGIN, known);

describe('return-to targets', () => {
  it.each(OPEN_REDIRECT_PAYLOADS.map((p) => [JSON.stringify(p).slice(0, 60), p]))('refuses %s', (_label, payload) => {
    expect(target(payload)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/home'], { to: '/home' }]) expect(target(value)).toBeUndefined();
  });

  it('accepts same-origin paths of known routes, query and all, in the parser’s normal form', () => {
    expect(target('/boletos?filtro=vencidos')).toBe('/boletos?filtro=vencidos');
    expect(target('/notifications/42')).toBe('/notifications/42');
    expect(target('/home')).toBe('/home');
    expect(target('/ops/textos?busca=boleto')).toBe('/ops/textos?busca=boleto');
    // A guard redirect carries the wanted route encoded in its query: that is data, not a location.
    expect(target('/login?voltar=%2Fboletos%3Ffiltro%3Dvencidos')).toBe('/login?voltar=%2Fboletos%3Ffiltro%3Dvencidos');
    expect(target('/home/../boletos')).toBe('/boletos');
  });

  it('refuses a same-origin path that no route serves', () => {
    expect(target('/nada/aqui')).toBeUndefined();
    expect(target('/api/screens?path=/home')).toBeUndefined();
  });
});

describe('the request’s origin', () => {
  it('is the scheme and Host the client sent, or a stand-in that still judges paths as paths', () => {
    expect(requestOrigin({ protocol: 'https', host: 'horizonte.example:8443' })).toBe('https://horizonte.example:8443');
    for (const host of ['', 'a b', '[::1']) expect(localTarget('/home', requestOrigin({ protocol: 'http', host }), known)).toBe('/home');
  });
});
