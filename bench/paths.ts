/**
 * `npm run bench:paths`: the critical path of each main screen. Starts the sandbox with a latency
 * profile (realistic waits, no errors, seeded) and the server (production mode, loopback only),
 * then for each screen, BENCH_RUNS (10) times after one warm-up: clears the sandbox's call log,
 * asks for the screen as its persona, and reads back the calls the screen made with the times the
 * sandbox stamped on them. It prints, per screen, the calls by wave (bench/critical-path.ts), the
 * server time (p50 over the runs, as the bench's client saw it on loopback), the critical path
 * (the longest chain of calls each starting after the one before ended, at their observed
 * durations) and the server time minus the critical path; then one table of all screens. It never
 * asserts. docs/performance.md, "Critical paths".
 *
 * BENCH_RUNS (10), BENCH_LATENCY (a profile file; default: `realistic` with its errors off, so a
 * retried call does not stand for a wave), BENCH_LATENCY_SEED (20261128), BENCH_ONLY_SCREENS (a
 * comma list of labels' first words, e.g. `home,login`), BENCH_SANDBOX_PORT / BENCH_SERVER_PORT.
 */
import { loadavg } from 'node:os';
import { analysePath, type TimedCall } from './critical-path.js';
import { machineLine } from './machine.js';
import { median } from './median.js';
import { latencyStack, realisticWithoutErrors } from './latency-stack.js';
import { JSON_HEADERS, stopAll } from './processes.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const SEED = process.env.BENCH_LATENCY_SEED ?? '20261128';
const ONLY = process.env.BENCH_ONLY_SCREENS ? new Set(process.env.BENCH_ONLY_SCREENS.split(',')) : null;
/** The goal for what a screen adds to its critical path: the server's own work, and no waiting for nothing. */
const GOAL_MS = 15;

interface Call extends TimedCall {
  method: string;
  path: string;
  status?: number;
}

interface Run {
  serverMs: number;
  calls: Call[];
  pathMs: number;
  waves: number;
  /** From the request sent to the first call's start, and from the last call's end to the answer read (no call: 0 and 0). */
  beforeMs: number;
  afterMs: number;
}

/** Now on the sandbox's clock: milliseconds since the epoch, with fractions (both processes read the same system clock). */
const epochNow = () => performance.timeOrigin + performance.now();

/** A customer's session against the server: its cookies, carried as a browser would. */
class Session {
  private readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (at > 0) this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  private get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async screen(path: string): Promise<{ status: number; body: ScreenAnswer }> {
    const res = await fetch(`${this.base}/api/screens?path=${encodeURIComponent(path)}`, { headers: { cookie: this.cookie } });
    this.remember(res);
    return { status: res.status, body: (await res.json()) as ScreenAnswer };
  }
  async action(name: string, body: unknown = {}): Promise<{ status: number; body: ActionAnswer }> {
    const res = await fetch(`${this.base}/api/actions/${name}`, { method: 'POST', headers: { ...JSON_HEADERS, cookie: this.cookie }, body: JSON.stringify(body) });
    this.remember(res);
    return { status: res.status, body: (await res.json()) as ActionAnswer };
  }
}

interface ScreenAnswer {
  kind?: string;
  screen?: string;
  to?: string;
  layout?: unknown[];
}
interface ActionAnswer {
  kind: string;
  to?: string;
  message?: string;
}

interface Persona {
  key: string;
  document: string;
  password: string;
}

/** Every component of a layout (cards' and lists' items too) that `pred` accepts. */
function findAll(nodes: unknown, pred: (n: Record<string, unknown>) => boolean, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (!Array.isArray(nodes)) return out;
  for (const n of nodes as Array<Record<string, unknown>>) {
    if (pred(n)) out.push(n);
    findAll(n.items, pred, out);
  }
  return out;
}
type Act = { action?: string; payload?: unknown };
/** What a component does when pressed: a button carries the action, a card carries it under its own `action`. */
const actionOf = (n: Record<string, unknown>): Act | undefined => {
  const outer = n.action as (Act & { action?: string | Act }) | undefined;
  return typeof outer?.action === 'string' ? (outer as Act) : (outer?.action as Act | undefined);
};

/** What one row measures: a screen of a persona's (after `prepare`), or the login action. */
interface Row {
  label: string;
  persona: string;
  /** The screen asked for; `prepare` may answer another (a slip just generated). */
  path?: string;
  /** Runs once, before the warm-up, on the persona's session; may answer the path to measure. */
  prepare?: (s: Session) => Promise<string | void>;
  /** The login action itself, on a new session each run. */
  login?: true;
}

const bidStep = (passo: string, fields: Record<string, unknown>) => async (s: Session) => {
  const res = await s.action('bids/step', { passo, ...fields });
  if (!res.body.to) throw new Error(`bids/step ${passo}: ${JSON.stringify(res.body)}`);
  return res.body.to;
};

const ROWS: Row[] = [
  { label: 'login (action auth/login)', persona: 'ana', login: true },
  { label: 'quota list', persona: 'ana', path: '/groups-and-quotas' },
  { label: 'home', persona: 'ana', path: '/home' },
  { label: 'slips hub', persona: 'ana', path: '/boletos' },
  { label: 'slips list', persona: 'ana', path: '/boletos/listadeboletos' },
  {
    label: 'generated slip',
    persona: 'ana',
    prepare: async (s) => {
      const hub = await s.screen('/boletos?filtro=todos');
      const button = findAll(hub.body.layout, (n) => n.type === 'button' && actionOf(n)?.action === 'slips/generate')[0];
      if (!button) throw new Error('no slips/generate button on /boletos');
      const generated = await s.action('slips/generate', actionOf(button)!.payload);
      if (!generated.body.to) throw new Error(`slips/generate: ${JSON.stringify(generated.body)}`);
      return generated.body.to;
    },
  },
  { label: 'finance', persona: 'ana', path: '/financeiro' },
  { label: 'documents hub', persona: 'ana', path: '/perfil/documentos' },
  { label: 'assemblies', persona: 'ana', path: '/assembleias' },
  { label: 'bids: introduction', persona: 'ana', path: '/offers-and-bids-introduction' },
  { label: 'bids: type', persona: 'ana', path: '/offers-and-bids?passo=type' },
  { label: 'bids: builtin', persona: 'ana', prepare: bidStep('type', { modalidade: 'LL', tipoOferta: 'VL', valor: '20.000,00' }) },
  { label: 'bids: keys', persona: 'ana', prepare: bidStep('builtin', {}) },
  { label: 'bids: reduction', persona: 'ana', prepare: bidStep('keys', { trocaChaves: false }) },
  { label: 'bids: summary', persona: 'ana', prepare: bidStep('reduction', { tipoAmortizacao: 'PRAZO' }) },
  { label: 'cash-billing centre', persona: 'delta', path: '/faturamentoespecie/centralcontemplacao' },
  { label: 'refund (entry)', persona: 'gustavo', path: '/devolucao' },
  {
    label: 'refund (its screen)',
    persona: 'gustavo',
    prepare: async (s) => {
      let path = '/devolucao';
      for (let hops = 0; hops < 3; hops++) {
        const answer = await s.screen(path);
        if (answer.body.kind !== 'redirect' || !answer.body.to) return path;
        path = answer.body.to;
      }
      return path;
    },
  },
];

async function personas(sandbox: string): Promise<Map<string, Persona>> {
  const { data } = (await (await fetch(`${sandbox}/__sandbox/personas`)).json()) as { data: Persona[] };
  return new Map(data.map((p) => [p.key, p]));
}

/** Logs in by document and chooses the first quota of the list. */
async function loggedIn(base: string, p: Persona): Promise<Session> {
  const s = new Session(base);
  const login = await s.action('auth/login', { modo: 'documento', documento: p.document, senha: p.password });
  if (login.body.kind !== 'navigate') throw new Error(`login of ${p.key}: ${JSON.stringify(login.body)}`);
  const list = await s.screen('/groups-and-quotas');
  const card = findAll(list.body.layout, (n) => actionOf(n)?.action === 'quotas/select')[0];
  if (card) {
    const chosen = await s.action('quotas/select', actionOf(card)!.payload);
    if (chosen.body.kind !== 'navigate') throw new Error(`quota of ${p.key}: ${JSON.stringify(chosen.body)}`);
  }
  return s;
}

/** A call the contract does not name (a PDF, a HEAD check of one), by its path with every identifier left out. */
const undeclared = (method: string, path: string) => `${method} ${path.split('/').map((segment) => (/\d/.test(segment) ? '…' : segment)).join('/')}`;

async function calls(sandbox: string): Promise<Call[]> {
  const { data } = (await (await fetch(`${sandbox}/__sandbox/calls`)).json()) as {
    data: Array<{ method: string; path: string; endpoint?: string; startedAt: number; endedAt?: number; status?: number }>;
  };
  const last = Math.max(0, ...data.map((c) => c.endedAt ?? c.startedAt));
  return data.map((c) => ({ name: c.endpoint ?? undeclared(c.method, c.path), method: c.method, path: c.path, startedAt: c.startedAt, endedAt: c.endedAt ?? last, ...(c.status ? { status: c.status } : {}) }));
}

async function measure(sandbox: string, ask: () => Promise<{ status: number; body: ScreenAnswer | ActionAnswer }>): Promise<Run & { answer: string }> {
  await fetch(`${sandbox}/__sandbox/calls`, { method: 'DELETE' });
  const started = epochNow();
  const { status, body } = await ask();
  const ended = epochNow();
  const serverMs = ended - started;
  const made = await calls(sandbox);
  const { pathMs, waves } = analysePath(made);
  const beforeMs = made.length ? Math.min(...made.map((c) => c.startedAt)) - started : 0;
  const afterMs = made.length ? ended - Math.max(...made.map((c) => c.endedAt)) : 0;
  const answer = status !== 200 ? `HTTP ${status}` : 'screen' in body && body.screen ? body.screen : `${body.kind}${body.to ? ` → ${body.to}` : ''}`;
  return { serverMs, calls: made, pathMs, waves: waves.length, beforeMs, afterMs, answer };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Summary {
  label: string;
  calls: number;
  waves: string;
  serverP50: number;
  pathP50: number;
  slackP50: number;
  slackMax: number;
}

async function measureRow(row: Row, base: string, sandbox: string, people: Map<string, Persona>, sessions: Map<string, Session>): Promise<Summary> {
  const p = people.get(row.persona);
  if (!p) throw new Error(`no persona ${row.persona}`);
  let ask: () => Promise<{ status: number; body: ScreenAnswer | ActionAnswer }>;
  let shown: string;
  if (row.login) {
    ask = () => new Session(base).action('auth/login', { modo: 'documento', documento: p.document, senha: p.password });
    shown = 'POST /api/actions/auth/login';
  } else {
    let s = sessions.get(row.persona);
    if (!s) sessions.set(row.persona, (s = await loggedIn(base, p)));
    const path = (await row.prepare?.(s)) || row.path!;
    ask = () => s.screen(path);
    shown = path;
  }
  await measure(sandbox, ask); // warm-up: connections, caches of partner and versions, optimised code
  const runs: Array<Run & { answer: string }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(sandbox, ask));

  const slack = runs.map((r) => r.serverMs - r.pathMs);
  const byServer = [...runs].sort((a, b) => a.serverMs - b.serverMs);
  const typical = byServer[Math.floor(byServer.length / 2)]!;
  const { waves, path } = analysePath(typical.calls);
  const start = typical.calls.length ? Math.min(...typical.calls.map((c) => c.startedAt)) : 0;
  console.log(`\n${row.label} — ${row.persona}, ${shown} (answers ${typical.answer}); ${typical.calls.length} calls in ${waves.length} waves (the run of median server time):`);
  waves.forEach((wave, i) =>
    console.log(`  wave ${i + 1}: ${wave.map((c) => `${c.name} ${(c.endedAt - c.startedAt).toFixed(0)} ms @+${(c.startedAt - start).toFixed(0)}${c.status && c.status >= 400 ? ` [${c.status}]` : ''}`).join(', ')}`),
  );
  console.log(`  critical path ${ms(typical.pathMs)}: ${path.map((c) => `${c.name} ${(c.endedAt - c.startedAt).toFixed(0)}`).join(' → ') || '(no call)'}`);
  const waveCounts = runs.map((r) => r.waves);
  const summary: Summary = {
    label: row.label,
    calls: typical.calls.length,
    waves: Math.min(...waveCounts) === Math.max(...waveCounts) ? String(waveCounts[0]) : `${Math.min(...waveCounts)}–${Math.max(...waveCounts)}`,
    serverP50: median(runs.map((r) => r.serverMs)),
    pathP50: median(runs.map((r) => r.pathMs)),
    slackP50: median(slack),
    slackMax: Math.max(...slack),
  };
  const other = new Set(runs.map((r) => r.answer));
  console.log(
    `  over ${RUNS} runs: server time p50 ${ms(summary.serverP50)}, critical path p50 ${ms(summary.pathP50)}, server − critical path p50 ${ms(summary.slackP50)} (max ${ms(summary.slackMax)}: before the first call p50 ${ms(median(runs.map((r) => r.beforeMs)))}, after the last ${ms(median(runs.map((r) => r.afterMs)))})${other.size > 1 ? `; answers ${[...other].join(' / ')}` : ''}`,
  );
  return summary;
}

function table(rows: Summary[]): void {
  const head = ['screen', 'calls', 'waves', 'server p50', 'critical path p50', 'server − path p50', 'max', `≤ ${GOAL_MS} ms`];
  const lines = rows.map((r) => [r.label, String(r.calls), r.waves, ms(r.serverP50), ms(r.pathP50), ms(r.slackP50), ms(r.slackMax), r.slackP50 <= GOAL_MS ? 'yes' : 'no']);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const print = (cells: string[]) => console.log(`  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`);
  console.log(`\ncritical paths (${RUNS} runs per screen; "server − path": the time the screen took beyond its longest chain of calls):`);
  print(head);
  for (const line of lines) print(line);
}

async function main(): Promise<void> {
  console.log(machineLine());
  const [one] = loadavg();
  console.log(`load average at start: ${one!.toFixed(2)} (1 min)`);
  // `realistic`'s waits without its errors unless BENCH_LATENCY names a profile.
  const scratch = process.env.BENCH_LATENCY ? null : realisticWithoutErrors();
  try {
    const { base, sandbox, script } = await latencyStack({ latency: process.env.BENCH_LATENCY ?? scratch!.path, seed: SEED });
    console.log(`server: ${script} on Node.js ${process.version}; sandbox latency profile ${process.env.BENCH_LATENCY ?? 'realistic, errors off'} (seed ${SEED})`);
    const people = await personas(sandbox);
    const sessions = new Map<string, Session>();
    const rows: Summary[] = [];
    for (const row of ROWS) {
      if (ONLY && !ONLY.has(row.label.split(/[ :(]/)[0]!)) continue;
      rows.push(await measureRow(row, base, sandbox, people, sessions));
    }
    table(rows);
    const over = rows.filter((r) => r.slackP50 > GOAL_MS).map((r) => r.label);
    console.log(over.length ? `\nover ${GOAL_MS} ms beyond the critical path (p50): ${over.join(', ')}` : `\nevery screen within ${GOAL_MS} ms of its critical path (p50)`);
    console.log(`load average at end: ${loadavg()[0]!.toFixed(2)} (1 min)`);
  } finally {
    scratch?.remove();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
