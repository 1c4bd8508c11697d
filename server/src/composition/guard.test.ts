import { describe, expect, it } from 'vitest';
import type { DecisionTable } from '../../../screens/contract/flows.js';
import { loadDefinitions } from './definitions.js';
import { guard as guardWith, type GuardState } from './guard.js';
import { matchRoute, type ScreenRoute } from './route-table.js';

const table = loadDefinitions().flows.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === 'guard')!;
const guard = (route: ScreenRoute, wanted: string, state: GuardState) => guardWith(table, route, wanted, state);
const home: ScreenRoute = { path: '/home', screen: 'home', access: 'protected', needsQuota: true, transparentLogin: true, mandatoryUpdateExempt: true, passwordChangeExempt: false, appUpdateExempt: false };
const details: ScreenRoute = { ...home, path: '/detalhes-da-cota', screen: 'detalhes-da-cota', mandatoryUpdateExempt: false };
const login: ScreenRoute = { path: '/login', screen: 'login', access: 'public', needsQuota: false, transparentLogin: false, mandatoryUpdateExempt: false, passwordChangeExempt: false, appUpdateExempt: false };
const onlyOnPhone: ScreenRoute = { ...login, path: '/faturamento/manual', access: 'protected', mobileOnly: { fallback: '/indisponivel' } };

describe('navigation guard', () => {
  it('sends an unauthenticated visit to login, remembering the wanted route', () => {
    expect(guard(details, '/detalhes-da-cota', { authenticated: false, quotaSelected: false })).toEqual({
      kind: 'redirect',
      to: '/login?voltar=%2Fdetalhes-da-cota',
    });
  });

  it('does not remember home as the wanted route', () => {
    expect(guard(home, '/home', { authenticated: false, quotaSelected: false })).toEqual({ kind: 'redirect', to: '/login' });
    expect(guard(home, '/home?aba=resumo', { authenticated: false, quotaSelected: false })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('asks for a quota before a quota-scoped screen', () => {
    expect(guard(home, '/home', { authenticated: true, quotaSelected: false })).toEqual({ kind: 'redirect', to: '/groups-and-quotas' });
  });

  it('sends a mobile-only route to its fallback off mobile, and opens it on a phone', () => {
    expect(guard(onlyOnPhone, '/faturamento/manual', { authenticated: true, quotaSelected: true })).toEqual({ kind: 'redirect', to: '/indisponivel' });
    expect(guard(onlyOnPhone, '/faturamento/manual', { authenticated: true, quotaSelected: true, mobile: true })).toEqual({ kind: 'allow' });
  });

  it('sends a route not allowed under a transparent login home, and lets home through', () => {
    const details2 = { ...details, transparentLogin: false };
    expect(guard(details2, '/detalhes-da-cota', { authenticated: true, quotaSelected: true, transparent: true })).toEqual({ kind: 'redirect', to: '/home', refused: 'transparent-login' });
    expect(guard(home, '/home', { authenticated: true, quotaSelected: true, transparent: true })).toEqual({ kind: 'allow' });
  });

  it('sends protected routes to the mandatory update except the exempt ones', () => {
    expect(guard(details, '/detalhes-da-cota', { authenticated: true, quotaSelected: true, mandatoryUpdate: true })).toEqual({ kind: 'redirect', to: '/atualizacao-obrigatoria' });
    expect(guard(home, '/home', { authenticated: true, quotaSelected: true, mandatoryUpdate: true })).toEqual({ kind: 'allow' });
  });

  it('lets public routes through for anyone', () => {
    expect(guard(login, '/login', { authenticated: false, quotaSelected: false })).toEqual({ kind: 'allow' });
  });
});

describe('route matching', () => {
  const routes = [home, { ...home, path: '/notifications/:id', screen: 'notification' }];
  it('matches exact paths and trailing slashes', () => {
    expect(matchRoute(routes, '/home/')?.route.path).toBe('/home');
  });
  it('extracts parameters', () => {
    expect(matchRoute(routes, '/notifications/42')?.params).toEqual({ id: '42' });
  });
  it('finds nothing for an unknown path', () => {
    expect(matchRoute(routes, '/nada')).toBeNull();
  });
});
