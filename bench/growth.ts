/**
 * Growth: time and bytes of the screens whose size follows the portfolio — the quota list with
 * 1, 20 and 200 quotas, the slip list with 10 and 500 open instalments (first page), the bid
 * history with 20 and 2 000 bids — seeded through the sandbox's control route
 * (POST /__sandbox/customers/:persona/portfolio). Median of 5 fetches; bytes as JSON and as
 * brotli travels (what a browser receives).
 */
import { JSON_HEADERS } from './processes.js';

async function seed(sandbox: string, body: Record<string, number>): Promise<void> {
  const res = await fetch(`${sandbox}/__sandbox/customers/ana/portfolio`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`seed ${JSON.stringify(body)}: ${res.status}`);
}

/** A fresh login (the server learns the quotas at login) with the first quota chosen. */
async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/actions/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ modo: 'documento', documento: '66115750903', senha: '135790' }) });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const list = (await (await fetch(`${base}/api/screens?path=/groups-and-quotas`, { headers: { cookie } })).json()) as { layout: unknown[] };
  const payload = findPayload(list.layout);
  if (payload) await fetch(`${base}/api/actions/quotas/select`, { method: 'POST', headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify(payload) });
  return cookie;
}

function findPayload(nodes: unknown): unknown {
  if (!Array.isArray(nodes)) return undefined;
  for (const n of nodes as Array<Record<string, unknown>>) {
    const action = (n.action as { action?: { action?: string; payload?: unknown } } | undefined)?.action;
    if (action?.action === 'quotas/select') return action.payload;
    const inner = findPayload(n.items);
    if (inner) return inner;
  }
  return undefined;
}

interface Fetched {
  ms: number;
  bytes: number;
  wire: number;
  screen: string;
}

/** Median of 5 fetches of a plain JSON route (the pass-through floor). */
async function plain(base: string, cookie: string, path: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await fetch(`${base}${path}`, { headers: { cookie } })).text();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

async function screen(base: string, cookie: string, path: string): Promise<Fetched> {
  const times: number[] = [];
  let bytes = 0;
  let wire = 0;
  let name = '';
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/screens?path=${encodeURIComponent(path)}`, { headers: { cookie, 'accept-encoding': 'br' } });
    const body = await res.text();
    times.push(performance.now() - started);
    bytes = Buffer.byteLength(body);
    // fetch decodes the body; the header still says what travelled.
    wire = Number(res.headers.get('content-length') ?? bytes);
    name = (JSON.parse(body) as { screen?: string; kind: string }).screen ?? 'redirect';
  }
  return { ms: times.sort((a, b) => a - b)[2]!, bytes, wire, screen: name };
}

export async function measureGrowth(base: string, sandbox: string): Promise<void> {
  console.log('\ngrowth (median of 5 fetches of the screen document; KiB as JSON / as brotli on the wire):');
  const line = (label: string, r: Fetched) =>
    console.log(`  ${label.padEnd(34)} ${r.ms.toFixed(1).padStart(7)} ms  ${(r.bytes / 1024).toFixed(1).padStart(8)} KiB / ${(r.wire / 1024).toFixed(1).padStart(6)} KiB  (${r.screen})`);
  for (const n of [1, 20, 200]) {
    await seed(sandbox, { cotas: n });
    line(`quota list, ${n} quotas`, await screen(base, await login(base), '/groups-and-quotas'));
  }
  for (const n of [10, 500]) {
    await seed(sandbox, { parcelasEmAberto: n });
    const cookie = await login(base);
    const drawn = await screen(base, cookie, '/boletos/listadeboletos');
    line(`slip list, ${n} open instalments`, drawn);
    // What of it is the back office's answer (the same call, validated, through a pass-through
    // route) and what is the screen's own composition.
    const floor = await plain(base, cookie, '/api/bench/passthrough/slips');
    console.log(`  ${''.padEnd(34)} of which the back office's answer (pass-through) ${floor.toFixed(1)} ms; composition ${(drawn.ms - floor).toFixed(1)} ms`);
  }
  for (const n of [20, 2000]) {
    await seed(sandbox, { lances: n });
    line(`bid history, ${n} bids`, await screen(base, await login(base), '/bid_history'));
  }
  await fetch(`${sandbox}/__sandbox/reset`, { method: 'POST' });
}
