import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudonym } from './pseudonym.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../../../tests/helpers/postgres.js';
import { openDatabase, type Database } from './database.js';
import { SessionStore, type SessionData, type SessionPlatform } from './session-store.js';

/** A customer's session data: partner, CPF/CNPJ as the back office writes it, where it was opened. */
function data(partnerId: number, inscricaoNacional: string, absoluteExpiresAt: number, platform?: SessionPlatform): SessionData {
  return {
    partnerId,
    customer: { nome: 'Cliente', inscricaoNacional, tipoPessoa: 'F', senhaExpirada: false, atualizacaoCadastralObrigatoria: false, requerMfa: false },
    tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: absoluteExpiresAt },
    ...(platform ? { platform } : {}),
    absoluteExpiresAt,
  };
}

describe.each([
  ['PGlite', () => openDatabase({ dataDir: ':memory:' })],
  ['PostgreSQL', () => openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '' })],
])('a customer’s sessions in the store on %s', (name, open) => {
  let db: Database;
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = () => now;
  const key = randomBytes(32);
  let store: SessionStore;
  let skip = false;
  // A CPF of its own per run: the PostgreSQL test database is shared with other runs.
  const cpf = String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
  const later = (minutes: number) => now + minutes * 60_000;

  beforeAll(async () => {
    if (name === 'PostgreSQL' && !(await postgresAvailable())) {
      skip = true;
      return;
    }
    db = await open();
    store = new SessionStore(db, 15 * 60_000, clock, undefined, key);
  });
  afterAll(async () => db?.close());

  it('finds them by a keyed pseudonym of partner and CPF/CNPJ, newest first, with where each was opened, only the live ones', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const first = await store.create(data(1, cpf, later(720)));
    now += 60_000;
    const second = await store.create(data(1, cpf, later(720), 'ios'));
    await store.create(data(68, cpf, later(720)));
    const rows = await db.query<{ holder: string }>('SELECT holder FROM sessions WHERE id = $1', [first.id]);
    expect(rows[0]!.holder).toBe(pseudonym(key, 1, cpf));
    expect(rows[0]!.holder).not.toContain(cpf);
    // Written with punctuation or not, the same customer.
    expect(store.holderOf(1, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toBe(rows[0]!.holder);

    const listed = await store.sessionsOf(1, cpf);
    expect(listed.map((s) => [s.ref, s.platform])).toEqual([
      [store.refOf(second.id), 'ios'],
      [store.refOf(first.id), 'web'],
    ]);
    expect(listed[1]!.createdAt).toBe(Date.parse('2026-11-22T12:00:00Z'));
    expect(JSON.stringify(listed)).not.toContain(first.id);
    // Idle past 15 minutes: no longer listed.
    now += 16 * 60_000;
    expect(await store.sessionsOf(1, cpf)).toEqual([]);
  });

  it('ends one by its ref, never the one that asks, and all but the one that asks; the ended ids open nothing', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    const own = await store.create(data(1, cpf, later(720)));
    const a = await store.create(data(1, cpf, later(720), 'android'));
    const b = await store.create(data(1, cpf, later(720)));
    const elsewhere = await store.create(data(68, cpf, later(720)));
    // Read once, so the embedded database's process keeps a copy of each.
    for (const s of [own, a, b]) expect(await store.get(s.id)).not.toBeNull();

    expect(await store.endByRef(1, cpf, store.refOf(own.id), own.id)).toBe(false);
    expect(await store.endByRef(68, cpf, store.refOf(a.id), elsewhere.id)).toBe(false);
    expect(await store.endByRef(1, cpf, store.refOf(a.id), own.id)).toBe(true);
    expect(await store.get(a.id)).toBeNull();
    expect(await store.endByRef(1, cpf, store.refOf(a.id), own.id)).toBe(false);

    expect(await store.endAllOf(1, cpf, own.id)).toBe(1);
    expect(await store.get(b.id)).toBeNull();
    expect(await store.get(own.id)).not.toBeNull();
    expect(await store.get(elsewhere.id)).not.toBeNull();
    expect(await store.endAllOf(1, cpf)).toBe(1);
    expect(await store.get(own.id)).toBeNull();
    expect((await store.sessionsOf(1, cpf)).length).toBe(0);
    expect((await store.sessionsOf(68, cpf)).length).toBe(1);
  });
});
