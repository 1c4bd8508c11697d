/**
 * Every draft and money move of the surface (the actions declaring an Idempotency-Key) confirmed
 * at once from two tabs of one session and from a second session of the same customer, each
 * submit with its own key: the back office sees the effect exactly once, and nobody gets an error
 * page for the submits that lost.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as backOffice from '../../back-office/index.js';
import type { RecordedCall } from '../helpers/sandbox-control.js';
import { collectedStack, loggedIn, type Client } from './attacker.js';
import { RACE_DRIVERS, type RaceDriver } from './drivers/races.js';
import { has, readSurface } from './surface.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);
const races = surface.operations.filter((op) => has(op, 'race')).map((op) => op.key);

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
});

/** The back-office endpoints that change something, as the contract declares them (a POST, or a GET marked changesData). */
const CHANGING: Array<{ method: string; path: RegExp }> = [];
(function collect(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const e = node as { method?: unknown; path?: unknown; answer?: unknown; changesData?: boolean };
  if (typeof e.method === 'string' && typeof e.path === 'string' && e.answer) {
    if (e.method !== 'GET' || e.changesData) CHANGING.push({ method: e.method, path: new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+')}$`) });
    return;
  }
  for (const value of Object.values(node)) collect(value);
})(backOffice);
/** Queries the contract sends as POST (composite CRM reads, the session's own login calls). */
const READS = /^(salesforce\/consulta\/|login(\/|$))/;

function effects(calls: readonly RecordedCall[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const call of calls) {
    if (READS.test(call.path) || !CHANGING.some((e) => e.method === call.method && e.path.test(call.path))) continue;
    const key = `${call.method} ${call.path}`;
    counted.set(key, (counted.get(key) ?? 0) + 1);
  }
  return counted;
}

const submit = (c: Client, action: string, body: Record<string, unknown>) => c.action(action, body).set('idempotency-key', randomUUID());

describe('drafts and money moves confirmed at once', () => {
  it.each(races)('%s: two tabs and two sessions, one effect upstream', async (key) => {
    const entry = RACE_DRIVERS[key];
    expect(entry, `${key} declares an Idempotency-Key but has no driver in tests/security/drivers/races.ts`).toBeDefined();
    if ('exempt' in entry!) {
      expect(entry.exempt.trim()).not.toBe('');
      return;
    }
    const driver: RaceDriver = entry!;
    await driver.before?.(stack);
    const sessionOf = async () => (driver.session ? driver.session(stack) : (await loggedIn(stack, driver.persona)).c);
    const one = await sessionOf();
    const two = await sessionOf();
    await driver.prepare?.(one, stack);
    await driver.prepare?.(two, stack);
    const [bodyOne, bodyTwo] = [await driver.body(one), await driver.body(two)];
    await stack.sandbox.clearCalls();
    const answers = await Promise.all([submit(one, key, bodyOne), submit(one, key, bodyOne), submit(two, key, bodyTwo)]);
    const counted = effects(await stack.sandbox.calls());
    const twice = [...counted].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
    expect({ effects: counted.size > 0, twice, serverErrors: answers.filter((a) => a.status >= 500).map((a) => a.body) }, JSON.stringify(answers.map((a) => a.body)).slice(0, 400)).toEqual({ effects: true, twice: [], serverErrors: [] });
  });
});
