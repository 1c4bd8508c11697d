import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { SessionStore, type SessionData } from './session-store.js';

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
});
