import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { customer, MOVES, NOT_MOVES, type MoveCase } from '../helpers/moves.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { startStack, useStack, type Stack } from '../helpers/stack.js';

const stack = useStack();
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
    const other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: shared.sandbox.url, DATABASE_URL: TEST_DATABASE_URL, LOG_LEVEL: 'silent' }), { logger: false });
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
