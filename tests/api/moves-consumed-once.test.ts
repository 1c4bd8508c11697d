import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { DEFAULT_HOLD_MS } from '../../server/src/security/once.js';
import { customer, MOVES, NOT_MOVES, type MoveCase } from '../helpers/moves.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { RAISED_LIMITS, startStack, useStack, type Stack } from '../helpers/stack.js';

/** The clock the server reads moves' windows by: real time moved forward by the tests instead of waiting, or held still. */
let ahead = 0;
let heldAt: number | null = null;
const onceClock = () => heldAt ?? Date.now() + ahead;
const stack = useStack({}, { logger: false, onceClock });
/** The window `action` declares (or the default). */
const windowOf = (action: string) => stack.app.actions.list().get(action)?.once?.holdMs ?? DEFAULT_HOLD_MS;
/** The longest a done move may be answered from memory: minutes, never hours (past it the back office decides). */
const MINUTES = 5 * 60_000;
const reachable = await postgresAvailable();
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

beforeEach(async () => {
  await stack.sandbox.reset();
});

/** What the renderer sends: the body, and a new Idempotency-Key per submit. */
const confirm = (c: Awaited<ReturnType<typeof customer>>['c'], move: MoveCase, body: unknown) => c.action(move.action, body).set('idempotency-key', randomUUID());

const WORDS = /confirm|submit|start|generate/;

describe('drafts and money moves are consumed by their first confirmation', () => {
  it('lists every action that confirms, submits, starts or generates as a move, or says why it is none', () => {
    const names = stack.app.actions.names();
    const listed = new Set(MOVES.map((m) => m.action));
    expect(names.filter((name) => WORDS.test(name) && !listed.has(name) && !(name in NOT_MOVES))).toEqual([]);
    // Every action declared a move has its row, and every row is declared a move.
    const declared = [...stack.app.actions.list()].filter(([, action]) => action.once).map(([name]) => name);
    expect(declared.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !declared.includes(name))).toEqual([]);
  });

  it.each(MOVES.map((m) => [m.action, m] as const))('%s: two sessions at once make one upstream call and get the same answer; confirming again makes none', async (_name, move) => {
    if (move.clock) await stack.sandbox.setClock(move.clock);
    const arranged = (await move.arrange?.(stack)) ?? {};
    const first = await customer(stack, move.persona, move.host);
    const second = await customer(stack, move.persona, move.host);
    const bodies = [await (move.prepare?.(first.c, arranged) ?? move.body ?? {}), await (move.prepare?.(second.c, arranged) ?? move.body ?? {})];
    const path = move.effect.path(first.idCota, arranged);
    const made = async () => (await stack.sandbox.calls()).filter((call) => call.method === move.effect.method && call.path === path).length;
    await stack.sandbox.clearCalls();
    // The back office is slow, so the second confirmation arrives while the first runs.
    await stack.sandbox.fault({ method: move.effect.method, path, delayMs: 300, times: 1 });

    const [a, b] = await Promise.all([confirm(first.c, move, bodies[0]), confirm(second.c, move, bodies[1])]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.kind, JSON.stringify(a.body)).not.toMatch(/^(error|field-errors)$/);
    expect(b.body).toEqual(a.body);
    expect(await made()).toBe(1);

    // The same draft confirmed again, from either session: the first answer, nothing sent.
    for (const [c, body] of [[first.c, bodies[0]], [second.c, bodies[1]]] as const) expect((await confirm(c, move, body)).body).toEqual(a.body);
    expect(await made()).toBe(1);
  });
});

describe('a done move is answered from its first confirmation only for its window, then the back office decides', () => {
  const calls = async (method: string, path: string) => (await stack.sandbox.calls()).filter((call) => call.method === method && call.path === path).length;
  const slipOf = async (c: Awaited<ReturnType<typeof customer>>['c']) =>
    (await MOVES.find((m) => m.action === 'slips/generate')!.prepare!(c, {})) as { processo: string; cobranca: string };
  const generate = (c: Awaited<ReturnType<typeof customer>>['c'], body: unknown) => c.action('slips/generate', body).set('idempotency-key', randomUUID());
  const idOf = (to: string) => new URL(to, 'http://app.local').searchParams.get('boleto')!;

  it('declares windows of seconds to minutes, never hours', () => {
    const handler = async () => ({ kind: 'snackbar' as const, message: 'ok' });
    expect(() => stack.app.actions.register('teste/um-dia', { input: z.object({}), once: { key: () => null, holdMs: 24 * 3600_000 }, handler })).toThrow(/at most/);
    for (const [name, action] of stack.app.actions.list()) if (action.once) expect(windowOf(name), name).toBeLessThanOrEqual(MINUTES);
  });

  it('starts again a refund the back office set back to its start, once the window has passed', async () => {
    const { c } = await customer(stack, 'gustavo');
    const start = () => c.action('refund/start', {}).set('idempotency-key', randomUUID());
    await stack.sandbox.clearCalls();
    const first = await start();
    expect(first.body).toEqual({ kind: 'navigate', to: '/devolucao/valor' });
    expect(await calls('GET', 'core/devolucao/iniciar')).toBe(1);

    await stack.sandbox.setRefund('gustavo', { status: null });
    expect(windowOf('refund/start')).toBeLessThanOrEqual(MINUTES);
    ahead += windowOf('refund/start') + 1;
    const again = await start();
    expect(again.headers['move-replayed']).toBeUndefined();
    expect(again.body).toEqual({ kind: 'navigate', to: '/devolucao/valor' });
    expect(await calls('GET', 'core/devolucao/iniciar')).toBe(2);
  });

  it('generates again a slip the back office dropped, once the window has passed', async () => {
    const { c, idCota } = await customer(stack, 'ana');
    const body = await slipOf(c);
    const path = `cotas/${idCota}/cobrancas/boleto`;
    await stack.sandbox.clearCalls();
    const first = await generate(c, body);
    expect(first.body.kind, JSON.stringify(first.body)).toBe('navigate');
    const billing = stack.sandboxApp.sandboxContext!.state.billing;
    // The back office drops the slip (cancelled, expired): it no longer has it.
    expect(billing.slips.delete(idOf(first.body.to))).toBe(true);

    expect(windowOf('slips/generate')).toBeLessThanOrEqual(MINUTES);
    ahead += windowOf('slips/generate') + 1;
    const again = await generate(c, body);
    expect(again.headers['move-replayed']).toBeUndefined();
    expect(again.body.kind, JSON.stringify(again.body)).toBe('navigate');
    expect(await calls('POST', path)).toBe(2);
    expect(billing.slips.get(idOf(again.body.to))?.cobrancas).toEqual([body.cobranca]);
  });

  it('answers a double tap within the window from the first confirmation, with one upstream call', async () => {
    const { c, idCota } = await customer(stack, 'ana');
    const body = await slipOf(c);
    const path = `cotas/${idCota}/cobrancas/boleto`;
    await stack.sandbox.clearCalls();
    // Held still, so that the second tap lands exactly a millisecond before the window ends.
    heldAt = onceClock();
    try {
      const first = await generate(c, body);
      expect(first.body.kind, JSON.stringify(first.body)).toBe('navigate');
      heldAt += windowOf('slips/generate') - 1;
      const tap = await generate(c, body);
      expect(tap.headers['move-replayed']).toBe('true');
      expect(tap.body).toEqual(first.body);
      expect(await calls('POST', path)).toBe(1);
    } finally {
      ahead = heldAt - Date.now();
      heldAt = null;
    }
  });
});

describe('a raced second copy keeps the marks of the confirmation that leads', () => {
  it('a second session confirming the same instalments while the first has marked them and waits for its slip gets that slip, not a new listing', async () => {
    const move = MOVES.find((m) => m.action === 'slips/generate-marked')!;
    const first = await customer(stack, move.persona);
    const second = await customer(stack, move.persona);
    const [one, two] = [await move.prepare!(first.c, {}), await move.prepare!(second.c, {})];
    const marks = `cotas/${first.idCota}/cobrancas/segunda-via/marcar`;
    await stack.sandbox.clearCalls();
    await stack.sandbox.fault({ method: 'POST', path: move.effect.path(first.idCota, {}), delayMs: 600, times: 1 });

    // (A supertest request is sent when it is first awaited: `then` sends it now.)
    const leading = confirm(first.c, move, one).then((answer) => answer);
    // The second arrives once the first has marked its instalment (its slip still being made).
    await expect.poll(async () => (await stack.sandbox.calls()).some((call) => call.path === marks)).toBe(true);
    const raced = await confirm(second.c, move, two);
    const led = await leading;
    expect(led.body.kind, JSON.stringify(led.body)).toBe('navigate');
    expect(raced.body).toEqual(led.body);
    // No listing was read while the first confirmation ran: its marks stood.
    const calls = await stack.sandbox.calls();
    expect(calls.filter((call) => call.path === move.effect.path(first.idCota, {}))).toHaveLength(1);
  });
});

describe.skipIf(!reachable)('across instances sharing PostgreSQL', () => {
  let shared: Stack;
  let otherUrl: string;
  beforeAll(async () => {
    shared = await startStack({ DATABASE_URL: TEST_DATABASE_URL });
    closers.push(() => shared.close());
    const other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: shared.sandbox.url, DATABASE_URL: TEST_DATABASE_URL, LOG_LEVEL: 'silent', ...RAISED_LIMITS }), { logger: false });
    closers.push(() => other.close());
    await other.listen({ host: '127.0.0.1', port: 0 });
    otherUrl = `http://localhost:${(other.server.address() as AddressInfo).port}`;
  });

  it.each(['bids/confirm', 'refund/start', 'slips/generate'])('%s: four confirmations from two sessions on two instances make one upstream call, all with the same answer', async (name) => {
    const move = MOVES.find((m) => m.action === name)!;
    await shared.sandbox.reset();
    const arranged = (await move.arrange?.(shared)) ?? {};
    const first = await customer(shared, move.persona, move.host);
    const second = await customer(shared, move.persona, move.host, otherUrl);
    const bodies = [await (move.prepare?.(first.c, arranged) ?? move.body ?? {}), await (move.prepare?.(second.c, arranged) ?? move.body ?? {})];
    const path = move.effect.path(first.idCota, arranged);
    await shared.sandbox.clearCalls();
    await shared.sandbox.fault({ method: move.effect.method, path, delayMs: 300, times: 1 });
    const answers = await Promise.all([first.c, second.c, first.c, second.c].map((c, i) => confirm(c, move, bodies[i % 2])));
    expect(answers[0]!.body.kind, JSON.stringify(answers[0]!.body)).not.toMatch(/^(error|field-errors)$/);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect((await shared.sandbox.calls()).filter((call) => call.method === move.effect.method && call.path === path)).toHaveLength(1);
  });
});
