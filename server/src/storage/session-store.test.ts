import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { SessionCache } from './session-cache.js';
import { SessionStore, type SessionData } from './session-store.js';
import { randomBytes } from 'node:crypto';
import { SealKeys } from './sealing.js';
import { HARD_DATES, todayInBrasilia } from '../../../tests/helpers/hard-dates.js';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

function data(absoluteExpiresAt: number): SessionData {
  return {
    partnerId: 1,
    customer: { nome: 'Ana', inscricaoNacional: '66115750903', tipoPessoa: 'F', senhaExpirada: false, atualizacaoCadastralObrigatoria: false, requerMfa: false },
    tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: absoluteExpiresAt },
    absoluteExpiresAt,
  };
}

async function postgresReachable(): Promise<boolean> {
  try {
    const db = await openDatabase({ databaseUrl: POSTGRES_URL, dataDir: '' });
    await db.close();
    return true;
  } catch {
    return false;
  }
}

describe.each([
  ['PGlite', () => openDatabase({ dataDir: ':memory:' })],
  ['PostgreSQL', () => openDatabase({ databaseUrl: POSTGRES_URL, dataDir: '' })],
])('session store on %s', (name, open) => {
  let db: Database;
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = () => now;
  let store: SessionStore;
  let skip = false;

  beforeAll(async () => {
    if (name === 'PostgreSQL' && !process.env.CI && !(await postgresReachable())) {
      skip = true;
      return;
    }
    db = await open();
    store = new SessionStore(db, 15 * 60_000, clock);
  });
  afterAll(async () => db?.close());

  it('stores a session under an opaque 256-bit id and reads it back', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const s = await store.create(data(now + 12 * 3_600_000));
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await store.get(s.id))?.data.customer.nome).toBe('Ana');
  });

  it('patches a field without writing back the tokens of an older copy', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const s = await store.create(data(now + 12 * 3_600_000));
    const stale = (await store.get(s.id))!;
    const fresh = (await store.get(s.id))!;
    fresh.data.tokens = { accessToken: 'novo', refreshToken: 'novo-r', expiresAt: now + 300_000 };
    await store.save(fresh);
    await store.patch(stale, { quotaIds: [1001] });
    const stored = (await store.get(s.id))!;
    expect(stored.data.tokens.accessToken).toBe('novo');
    expect(stored.data.quotaIds).toEqual([1001]);
  });

  it('keeps both scopes’ tokens when the customer’s and the quota’s are refreshed at the same time', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const quotaTokens = { accessToken: 'q0', refreshToken: 'q0-r', expiresAt: now + 300_000 };
    const s = await store.create({ ...data(now + 12 * 3_600_000), quota: { idCota: 1001, grupo: '001234', cota: '0567', versao: '0', tokens: quotaTokens } });
    // Each refresh read the row before the other wrote (two locks, two instances).
    const customerRefresh = (await store.get(s.id))!;
    const quotaRefresh = (await store.get(s.id))!;
    await store.saveTokens(customerRefresh, 'customer', { accessToken: 'c1', refreshToken: 'c1-r', expiresAt: now + 300_000 });
    await store.saveTokens(quotaRefresh, 'quota', { accessToken: 'q1', refreshToken: 'q1-r', expiresAt: now + 300_000 });
    const stored = (await store.get(s.id))!;
    expect(stored.data.tokens.refreshToken).toBe('c1-r');
    expect(stored.data.quota?.tokens.refreshToken).toBe('q1-r');
    // A quota chosen meanwhile keeps its own tokens: the late refresh was for the one before.
    await store.patch(stored, { quota: { idCota: 2002, grupo: '001234', cota: '0999', versao: '0', tokens: { accessToken: 'n0', refreshToken: 'n0-r', expiresAt: now + 300_000 } } });
    await store.saveTokens(quotaRefresh, 'quota', { accessToken: 'q2', refreshToken: 'q2-r', expiresAt: now + 300_000 });
    expect((await store.get(s.id))!.data.quota?.tokens.refreshToken).toBe('n0-r');
  });

  it('forgets a session idle for more than the idle timeout', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const s = await store.create(data(now + 12 * 3_600_000));
    now += 15 * 60_000 + 1;
    expect(await store.get(s.id)).toBeNull();
  });

  it('slides the idle deadline with use but never past the absolute deadline', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const s = await store.create(data(now + 20 * 60_000));
    now += 10 * 60_000;
    await store.touch((await store.get(s.id))!);
    now += 9 * 60_000;
    expect(await store.get(s.id)).not.toBeNull();
    now += 2 * 60_000;
    expect(await store.get(s.id)).toBeNull();
  });

  it('destroys a session so its id gets nothing afterwards', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const s = await store.create(data(now + 3_600_000));
    await store.destroy(s.id);
    expect(await store.get(s.id)).toBeNull();
  });

  it('ignores ids that are not of the right shape', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    expect(await store.get("'; DROP TABLE sessions; --")).toBeNull();
  });

  it('keeps the back office’s tokens and a password in change sealed in the row, opened only by the store', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const s = await store.create({ ...data(now + 3_600_000), tokens: { accessToken: 'access-in-clear', refreshToken: 'refresh-in-clear', expiresAt: now } });
    await store.patch(s, { quota: { idCota: 1, grupo: '001234', cota: '0567', versao: '00', tokens: { accessToken: 'quota-access', refreshToken: 'quota-refresh', expiresAt: now } }, passwordChange: { current: 'senha-atual', until: now + 60_000 } });
    const [row] = await db.query<{ data: unknown }>('SELECT data FROM sessions WHERE id = $1', [s.id]);
    const text = typeof row!.data === 'string' ? row!.data : JSON.stringify(row!.data);
    for (const secret of ['access-in-clear', 'refresh-in-clear', 'quota-access', 'quota-refresh', 'senha-atual']) expect(text).not.toContain(secret);
    expect(text).toContain('"accessToken":"seal.v1.');
    const read = (await store.get(s.id))!.data;
    expect([read.tokens.accessToken, read.quota!.tokens.refreshToken, read.passwordChange!.current]).toEqual(['access-in-clear', 'quota-refresh', 'senha-atual']);
  });

  it('opens rows sealed with an older key after a rotation, and counts a row no listed key opens as no session', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const [k1, k2] = [{ id: 'k1', key: randomBytes(32) }, { id: 'k2', key: randomBytes(32) }];
    const before = new SessionStore(db, 15 * 60_000, clock, new SealKeys([k1]));
    const s = await before.create(data(now + 3_600_000));
    const rotated = new SessionStore(db, 15 * 60_000, clock, new SealKeys([k2, k1]));
    const read = (await rotated.get(s.id))!;
    expect(read.data.tokens.accessToken).toBe('a');
    await rotated.save(read);
    const [row] = await db.query<{ data: unknown }>('SELECT data FROM sessions WHERE id = $1', [s.id]);
    expect(JSON.stringify(row!.data)).toContain('seal.v1.k2.');
    expect(await new SessionStore(db, 15 * 60_000, clock, new SealKeys([k1])).get(s.id)).toBeNull();
  });

  it('finds, lists and ends a customer’s sessions opened under the older COOKIE_SECRET after a rotation (OWASP ASVS 5.0 V11.2.2)', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const keys = new SealKeys([{ id: 'k1', key: randomBytes(32) }]);
    const [older, newer] = [randomBytes(32), randomBytes(32)];
    const customer = { partnerId: 90 + Math.floor(Math.random() * 1000), account: '66115750903' };
    const before = new SessionStore(db, 15 * 60_000, clock, keys, [older]);
    const opened = await before.create({ ...data(now + 3_600_000), partnerId: customer.partnerId });
    // The rotation: the new secret first, the old one kept.
    const rotated = new SessionStore(db, 15 * 60_000, clock, keys, [newer, older]);
    const mine = await rotated.create({ ...data(now + 3_600_000), partnerId: customer.partnerId });
    expect((await rotated.sessionsOf(customer.partnerId, customer.account)).map((s) => s.ref).sort()).toEqual([rotated.refOf(opened.id), rotated.refOf(mine.id)].sort());
    // Without the old secret, the session opened before is lost from the list: what the list form of COOKIE_SECRET prevents.
    expect(await new SessionStore(db, 15 * 60_000, clock, keys, [newer]).sessionsOf(customer.partnerId, customer.account)).toHaveLength(1);
    expect(await rotated.endAllOf(customer.partnerId, customer.account, mine.id)).toBe(1);
    expect(await rotated.get(opened.id)).toBeNull();
    expect(await rotated.get(mine.id)).not.toBeNull();
  });

  it('does not open tokens copied into another session’s row', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const keys = new SealKeys([{ id: 'k', key: randomBytes(32) }]);
    const sealed = new SessionStore(db, 15 * 60_000, clock, keys);
    const [victim, attacker] = [await sealed.create(data(now + 3_600_000)), await sealed.create(data(now + 3_600_000))];
    await db.query('UPDATE sessions SET data = (SELECT data FROM sessions WHERE id = $1) WHERE id = $2', [victim.id, attacker.id]);
    expect(await sealed.get(attacker.id)).toBeNull();
    expect(await sealed.get(victim.id)).not.toBeNull();
  });
});

describe('sessions read lately, kept in the process for the embedded database', () => {
  let db: Database;
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = () => now;
  const reads: string[] = [];
  /** The database as the store sees it, counting the session reads that reach it. */
  const counted = (kind: Database['kind']): Database => ({
    kind,
    query: (sql, params) => {
      if (sql.startsWith('SELECT data')) reads.push(String(params?.[0]));
      return db.query(sql, params);
    },
    withConnection: (fn) => db.withConnection(fn),
    close: async () => undefined,
  });

  beforeAll(async () => {
    db = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => db.close());

  it('reads a live session from PGlite once, and hands each request its own copy', async () => {
    const store = new SessionStore(counted('pglite'), 15 * 60_000, clock);
    const s = await store.create(data(now + 3_600_000));
    reads.length = 0;
    const first = (await store.get(s.id))!;
    first.data.customer.nome = 'mudado só neste pedido';
    const second = (await store.get(s.id))!;
    expect(second.data.customer.nome).toBe('Ana');
    expect((await store.get(s.id))?.data.customer.nome).toBe('Ana');
    expect(reads).toEqual([s.id]);
  });

  it('reads a session again after it is patched, saved, touched or destroyed', async () => {
    const store = new SessionStore(counted('pglite'), 15 * 60_000, clock);
    const s = await store.create(data(now + 3_600_000));
    await store.patch((await store.get(s.id))!, { quotaIds: [1001] });
    expect((await store.get(s.id))?.data.quotaIds).toEqual([1001]);
    const saved = (await store.get(s.id))!;
    saved.data.tokens = { accessToken: 'novo', refreshToken: 'novo-r', expiresAt: now + 300_000 };
    await store.save(saved);
    expect((await store.get(s.id))?.data.tokens.accessToken).toBe('novo');
    now += 2 * 60_000;
    await store.touch((await store.get(s.id))!);
    expect((await store.get(s.id))?.lastSeenAt).toBe(now);
    await store.destroy(s.id);
    expect(await store.get(s.id)).toBeNull();
  });

  it('does not keep a row read while a write to the session was under way', async () => {
    const store = new SessionStore(counted('pglite'), 15 * 60_000, clock);
    const s = await store.create(data(now + 3_600_000));
    const holder = (await store.get(s.id))!;
    await store.patch(holder, { mandatoryUpdate: false });
    // The read starts first and gets the row as it was; the patch lands right after it.
    await Promise.all([store.get(s.id), store.patch(holder, { mandatoryUpdate: true })]);
    expect((await store.get(s.id))?.data.mandatoryUpdate).toBe(true);
  });

  it('forgets a kept session once it is idle for longer than the idle timeout', async () => {
    const store = new SessionStore(counted('pglite'), 15 * 60_000, clock);
    const s = await store.create(data(now + 12 * 3_600_000));
    expect(await store.get(s.id)).not.toBeNull();
    now += 15 * 60_000 + 1;
    expect(await store.get(s.id)).toBeNull();
    now -= 15 * 60_000 + 1;
    expect(await store.get(s.id)).toBeNull(); // deleted, not only hidden
  });

  it('keeps nothing on PostgreSQL, whose table other instances also write', async () => {
    const store = new SessionStore(counted('postgres'), 15 * 60_000, clock);
    const s = await store.create(data(now + 3_600_000));
    reads.length = 0;
    await store.get(s.id);
    await store.get(s.id);
    expect(reads).toEqual([s.id, s.id]);
  });

  it('holds at most its capacity, the least recently read going first', () => {
    const cache = new SessionCache(2);
    const entry = { json: '{}', lastSeenAt: 0, expiresAt: 1 };
    cache.remember('a', entry, cache.mark());
    cache.remember('b', entry, cache.mark());
    cache.read('a');
    cache.remember('c', entry, cache.mark());
    expect([cache.read('a'), cache.read('b'), cache.read('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });
});

describe.each([...HARD_DATES.map((d) => d.day), todayInBrasilia()])('session lifetimes from 23:30 in Brasília of %s', (day) => {
  it('slides the idle deadline across midnight and ends at the absolute deadline the next day', async () => {
    const db = await openDatabase({ dataDir: ':memory:' });
    try {
      // 23:30 in Brasília is 02:30 UTC of the next day: both deadlines fall on another calendar day.
      let now = Date.parse(`${day}T23:30:00-03:00`);
      const store = new SessionStore(db, 15 * 60_000, () => now);
      const s = await store.create(data(now + 12 * 3_600_000));
      for (let minute = 0; minute < 12 * 60 - 14; minute += 14) {
        now += 14 * 60_000;
        const live = await store.get(s.id);
        expect(live, `${minute + 14} minutes after the login`).not.toBeNull();
        await store.touch(live!);
      }
      now = Date.parse(`${day}T23:30:00-03:00`) + 12 * 3_600_000;
      expect(await store.get(s.id)).toBeNull();
    } finally {
      await db.close();
    }
  });
});
