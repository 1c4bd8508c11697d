import { describe, expect, it } from 'vitest';
import type { Session, SessionStore, UpstreamTokens } from '../storage/session-store.js';
import { CustomerUpstream, RefreshCoordinator, TOKEN_MARGIN_MS, refreshAt, tokensFrom } from './customer-upstream.js';
import type { UpstreamClient } from './client.js';

const LIFETIME_S = 300;
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** A session logged in at T0 whose back office answers every call and refresh at once. */
function customer(id: string, clock: { now: number }, refreshes: number[]) {
  const session: Session = {
    id,
    lastSeenAt: T0,
    data: { partnerId: 1, customer: { nome: 'Ana', inscricaoNacional: '1', tipoPessoa: 'F', senhaExpirada: false, atualizacaoCadastralObrigatoria: false, requerMfa: false }, tokens: tokensFrom({ access_token: `a-${id}-0`, refresh_token: `r-${id}-0`, expires_in: LIFETIME_S }, T0), absoluteExpiresAt: T0 + 86_400_000 },
  };
  let stored = structuredClone(session);
  const store = {
    get: async () => structuredClone(stored),
    save: async (s: Session) => void (stored = structuredClone(s)),
    saveTokens: async (s: Session, scope: 'customer' | 'quota', t: UpstreamTokens) => {
      if (scope === 'customer') s.data.tokens = t;
      stored = structuredClone(s);
    },
    withLock: async <T>(_key: string, fn: (locked: SessionStore) => Promise<T>) => fn(store),
    destroy: async () => undefined,
  } as unknown as SessionStore;
  const client = {
    call: async () => 'ok',
    request: async () => {
      refreshes.push(clock.now);
      return { access_token: `a-${id}-${refreshes.length}`, refresh_token: `r-${id}-${refreshes.length}`, expires_in: LIFETIME_S };
    },
  } as unknown as UpstreamClient;
  return new CustomerUpstream(client, store, session, new RefreshCoordinator(), () => clock.now);
}

describe('token refresh moments', () => {
  it('spreads the refreshes of 200 sessions that logged in in the same second, none later than 30 s before expiry', async () => {
    const clock = { now: T0 };
    const refreshes: number[] = [];
    const sessions = Array.from({ length: 200 }, (_, i) => customer(`sessao-${i}`, clock, refreshes));
    // Every session calls once a second for the tokens' whole life.
    for (let t = 0; t < LIFETIME_S; t++) {
      clock.now = T0 + t * 1000;
      await Promise.all(sessions.map((s) => s.call({ method: 'GET', path: 'cotas' })));
    }
    expect(refreshes).toHaveLength(200);
    expect(Math.max(...refreshes)).toBeLessThanOrEqual(T0 + LIFETIME_S * 1000 - TOKEN_MARGIN_MS);
    const perSecond = new Map<number, number>();
    for (const at of refreshes) perSecond.set(at, (perSecond.get(at) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(12);
    expect(Math.max(...refreshes) - Math.min(...refreshes)).toBeGreaterThan(50_000);
  });

  it('keeps each session’s moment: the same id refreshes at the same point of every token’s life', () => {
    const tokens = (issuedAt: number): UpstreamTokens => ({ accessToken: 'a', refreshToken: 'r', issuedAt, expiresAt: issuedAt + LIFETIME_S * 1000 });
    expect(refreshAt(tokens(T0), 'sessao-7') - T0).toBe(refreshAt(tokens(T0 + 123_000), 'sessao-7') - T0 - 123_000);
    // Tokens stored before their issue time was kept: the spec's 30 s only.
    expect(refreshAt({ accessToken: 'a', refreshToken: 'r', expiresAt: T0 }, 'sessao-7')).toBe(T0 - TOKEN_MARGIN_MS);
  });
});

describe('refresh coordinator', () => {
  it('settles only after the running refresh has saved its tokens', async () => {
    const coordinator = new RefreshCoordinator();
    const saved: string[] = [];
    let answer!: () => void;
    void coordinator.run('s:customer', async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      saved.push('novos tokens');
      return { accessToken: 'a', refreshToken: 'r', expiresAt: 0 };
    });
    const settled = coordinator.settled().then(() => [...saved]);
    answer();
    expect(await settled).toEqual(['novos tokens']);
  });
});
