/**
 * One load-client process of `npm run soak` (forked by bench/soak.ts, never run alone): runs its
 * share of the sessions against the proxy and sends its counts and latencies back over IPC.
 * Each session logs in with its persona and quota, saves a bid draft (personas whose offers are
 * open), walks the screen families until the end, and reads its draft back once the kill is past.
 * The walk is closed-loop (the next screen once the last one answered) or, with a pace, open-loop:
 * each session asks a screen at fixed instants whatever the answers, the sessions' instants
 * interleaved so that together they offer a steady rate; a screen's time is counted from the instant
 * it was due, so a slow answer or a late client cannot hide latency.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../screens/contract/index.js';
import { findAll, screenText } from '../tests/helpers/api-client.js';
import { persona } from '../tests/helpers/personas.js';

export interface ClientTask {
  /** http://127.0.0.1:PORT of the proxy. */
  proxy: string;
  /** The Host the partner is found by. */
  host: string;
  first: number;
  count: number;
  personas: string[];
  families: Record<string, string[]>;
  /** Epoch ms: stop walking screens. */
  until: number;
  /** The sessions of this client start spread over this long (ms). */
  rampMs: number;
  /** Epoch ms after which a saved draft is read back (the kill plus a margin), or 0 with no kill. */
  readDraftsAfter: number;
  /** Open-loop: every session asks a screen each `intervalMs`, session n at `origin + n·intervalMs/sessions` plus whole intervals. Absent: closed-loop. */
  pace?: { intervalMs: number; origin: number; sessions: number; steadyFrom: number };
}

export interface ClientReport {
  requests: number;
  /** Answers ≥ 500 that a server gave (not the proxy's own 502 after a transport failure). */
  fiveXx: number;
  /** Answers below 500 whose body is an error document (`kind: 'error'`: an action's "try again"). */
  errorDocuments: number;
  /** Screens drawn with a part pending (its call past its budget, fetched again by the renderer): partial, not failed. */
  partialScreens: number;
  /** Failed answers (≥ 500 or an error document) by `METHOD target status`. */
  failures: Record<string, number>;
  /** Login and quota choices answered with an error document, tried again by the customer (up to LOGIN_TRIES in all). */
  loginsRetried: number;
  /** Open-loop: screens due, and how many were sent more than 100 ms after their instant (the client itself behind), with the worst delay. */
  screensDue: number;
  /** Of them, due from `pace.steadyFrom` on (every session logged in): the offered rate. */
  screensDueSteady: number;
  sentLate: number;
  maxSendDelayMs: number;
  /** GETs the proxy sent again to the other instance after a refused or reset connection. */
  getsRetriedByProxy: number;
  /** POSTs that failed in transport and were sent again by the client with the same Idempotency-Key. */
  postsRetried: number;
  /** Requests that failed in transport for good (after the retries). */
  transportFailures: number;
  logins: number;
  loginFailures: number;
  /** Screens that answered a redirect to login, or actions that did. */
  sentToLogin: number;
  /** Sessions that were sent to login at least once: sessions lost. */
  sessionsLost: number;
  draftsSaved: number;
  draftsReadBack: number;
  draftsLost: number;
  draftsNotOffered: number;
  /** The same draft saved again during the walk (a POST now and then). */
  draftsResaved: number;
  lostDrafts: string[];
  /** A few examples of what failed (5xx answers, transport failures), for the report. */
  examples: string[];
  latencies: Record<string, number[]>;
  /** Answers per instance (the balancer's x-soak-instance). */
  byInstance: Record<string, number>;
}

const report: ClientReport = {
  requests: 0,
  fiveXx: 0,
  errorDocuments: 0,
  failures: {},
  loginsRetried: 0,
  screensDue: 0,
  screensDueSteady: 0,
  sentLate: 0,
  partialScreens: 0,
  maxSendDelayMs: 0,
  getsRetriedByProxy: 0,
  postsRetried: 0,
  transportFailures: 0,
  logins: 0,
  loginFailures: 0,
  sentToLogin: 0,
  sessionsLost: 0,
  draftsSaved: 0,
  draftsReadBack: 0,
  draftsLost: 0,
  draftsNotOffered: 0,
  draftsResaved: 0,
  lostDrafts: [],
  examples: [],
  latencies: {},
  byInstance: {},
};

function example(text: string): void {
  if (report.examples.length < 8) report.examples.push(text.slice(0, 300));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
interface Answer {
  status: number;
  body: Body;
}

/** Thrown when a request failed in transport for good: the session stops. */
class TransportFailure extends Error {}

function sessionClient(task: ClientTask, pool: Pool, n: number) {
  const jar = new Map<string, string>();
  let lost = false;
  const sentToLogin = () => {
    report.sentToLogin++;
    if (!lost) report.sessionsLost++;
    lost = true;
  };
  // Each session is its own customer, at its own address (the proxy hands it on as X-Forwarded-For).
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const headers = (extra: Record<string, string> = {}) => ({
    host: task.host,
    accept: 'application/json',
    'x-soak-client': address,
    ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    ...extra,
  });
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (at > 0) jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  };
  const proxyFailed = (res: { statusCode: number; headers: Record<string, unknown> }) => res.statusCode === 502 && res.headers['x-soak-proxy'] === 'transport';

  async function send(method: 'GET' | 'POST', path: string, extra: Record<string, string>, body?: string): Promise<Answer> {
    const res = await pool.request({ method, path, headers: headers(extra), body });
    keep(res.headers['set-cookie']);
    const text = await res.body.text();
    if (res.headers['x-soak-retried']) report.getsRetriedByProxy++;
    const instance = res.headers['x-soak-instance'];
    if (typeof instance === 'string') report.byInstance[instance] = (report.byInstance[instance] ?? 0) + 1;
    if (proxyFailed(res)) throw new TransportFailure(`${method} ${path}: ${text}`);
    if (res.statusCode >= 500) {
      report.fiveXx++;
      example(`${res.statusCode} ${method} ${path}: ${text}`);
    }
    report.requests++;
    let parsed: Body = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (method === 'GET' && text.includes('"type":"pending"')) report.partialScreens++;
    if (res.statusCode < 500 && parsed?.kind === 'error') {
      report.errorDocuments++;
      example(`${res.statusCode} ${method} ${path}: ${text}`);
    }
    if (res.statusCode >= 500 || parsed?.kind === 'error') {
      const key = `${method} ${method === 'GET' ? decodeURIComponent(path.replace('/api/screens?path=', '')) : path} ${res.statusCode}`;
      report.failures[key] = (report.failures[key] ?? 0) + 1;
    }
    return { status: res.statusCode, body: parsed };
  }

  return {
    async screen(path: string): Promise<Answer> {
      try {
        const answer = await send('GET', `/api/screens?path=${encodeURIComponent(path)}`, {});
        if (answer.body?.kind === 'redirect' && String(answer.body.to).startsWith('/login')) sentToLogin();
        return answer;
      } catch (err) {
        report.transportFailures++;
        example(`transport GET ${path}: ${String(err)}`);
        throw err instanceof TransportFailure ? err : new TransportFailure(String(err));
      }
    },
    /** As the renderer submits: one Idempotency-Key per submit, the same key on a retry after a transport failure. */
    async action(name: string, payload: unknown): Promise<Answer> {
      const key = randomUUID();
      const body = JSON.stringify(payload);
      for (let attempt = 0; ; attempt++) {
        try {
          const answer = await send('POST', `/api/actions/${name}`, { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'idempotency-key': key }, body);
          if (answer.status === 401 || (answer.body?.kind === 'navigate' && String(answer.body.to).startsWith('/login') && name !== 'auth/login')) sentToLogin();
          return answer;
        } catch (err) {
          if (attempt >= 2) {
            report.transportFailures++;
            example(`transport POST ${name}: ${String(err)}`);
            throw err instanceof TransportFailure ? err : new TransportFailure(String(err));
          }
          report.postsRetried++;
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
    },
  };
}

/** How many times a customer tries a login (or a quota choice) answered with an error document ("try again"). */
const LOGIN_TRIES = 3;

/** `run` again, a second later, while it answers an error document (as the customer taps "try again"), up to LOGIN_TRIES in all. */
async function tried(run: () => Promise<Answer>): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await run();
    if (answer.body?.kind !== 'error' || attempt >= LOGIN_TRIES) return answer;
    report.loginsRetried++;
    await sleep(1_000);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function session(task: ClientTask, pool: Pool, n: number): Promise<void> {
  const c = sessionClient(task, pool, n);
  const who = task.personas[n % task.personas.length]!;
  const p = persona(who);
  const login = await tried(() => c.action('auth/login', { modo: 'documento', documento: p.document, senha: p.password }));
  if (login.body?.kind !== 'navigate') {
    report.loginFailures++;
    return;
  }
  const list = await c.screen('/groups-and-quotas');
  const first = findAll(list.body?.layout ?? [], (node) => node.type === 'card' && typeof node.id === 'string' && node.id.startsWith('cota-'))[0];
  if (!first || (await tried(() => c.action('quotas/select', first.action.action.payload))).body?.kind !== 'navigate') {
    report.loginFailures++;
    return;
  }
  report.logins++;

  // A bid draft (the offer wizard keeps its answers in the session): saved now, read back after the kill.
  let draft: string | null = null;
  const draftStep = { passo: 'type', modalidade: 'LL', tipoOferta: 'PE', valor: String(20 + (n % 10)) };
  const step = await c.action('bids/step', draftStep);
  if (step.body?.kind === 'navigate' && String(step.body.to).includes('passo=')) {
    draft = valueRow(screenText((await c.screen('/offers-and-bids?passo=summary')).body ?? { layout: [] }));
    if (draft) report.draftsSaved++;
  } else report.draftsNotOffered++;

  const families = Object.entries(task.families);
  if (task.pace) return openLoopWalk(task, c, n, who, draft, draftStep);
  let checked = false;
  for (let i = n; Date.now() < task.until; i++) {
    if (draft && !checked && task.readDraftsAfter && Date.now() >= task.readDraftsAfter) {
      const answer = await c.screen('/offers-and-bids?passo=summary');
      // A 5xx (the back office too slow for the screen's deadline) says nothing of the draft: read again later.
      if (answer.status < 500) {
        checked = true;
        const now = valueRow(screenText(answer.body ?? { layout: [] }));
        report.draftsReadBack++;
        if (now !== draft) {
          report.draftsLost++;
          if (report.lostDrafts.length < 5) report.lostDrafts.push(`${who} #${n}: saved “${draft}”, read “${now ?? 'nothing'}” (${answer.status} ${answer.body?.kind ?? ''} ${answer.body?.to ?? ''})`);
        }
      }
    }
    // Now and then the customer saves the draft again (the same answers): submits run all along
    // the soak, so some are in flight when an instance dies, and are sent again with their key.
    if (draft && i % 8 === 0) {
      const again = await c.action('bids/step', draftStep);
      if (again.body?.kind === 'navigate') report.draftsResaved++;
    }
    const [family, paths] = families[i % families.length]!;
    const path = paths[i % paths.length]!;
    const t0 = performance.now();
    await c.screen(path);
    (report.latencies[family] ??= []).push(Math.round(performance.now() - t0));
  }
}

/**
 * The open-loop walk: a screen at each of the session's instants, sent whether or not the earlier
 * ones answered; instants already past when the session logged in are skipped, never caught up.
 * The draft is read back at the first instant after `readDraftsAfter` (again later if that answer
 * was a 5xx), and saved again at every eighth instant beside the screen.
 */
async function openLoopWalk(task: ClientTask, c: ReturnType<typeof sessionClient>, n: number, who: string, draft: string | null, draftStep: Record<string, string>): Promise<void> {
  const { intervalMs, origin, sessions } = task.pace!;
  const phase = ((n % sessions) * intervalMs) / sessions;
  const families = Object.entries(task.families);
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch(() => undefined).finally(() => inFlight.delete(settled));
    inFlight.add(settled);
  };
  let checked = false;
  let stopped = false;
  for (let k = Math.max(0, Math.ceil((Date.now() - origin - phase) / intervalMs)), i = n; !stopped; k++, i++) {
    const due = origin + phase + k * intervalMs;
    if (due >= task.until) break;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    const delay = Date.now() - due;
    report.screensDue++;
    if (due >= task.pace!.steadyFrom) report.screensDueSteady++;
    if (delay > 100) report.sentLate++;
    report.maxSendDelayMs = Math.max(report.maxSendDelayMs, Math.round(delay));
    if (draft && i % 8 === 0) {
      track(c.action('bids/step', draftStep).then((again) => {
        if (again.body?.kind === 'navigate') report.draftsResaved++;
      }));
    }
    const stop = (err: unknown) => {
      // A transport failure for good ends the session, as in the closed loop.
      if (err instanceof TransportFailure) stopped = true;
    };
    if (draft && !checked && task.readDraftsAfter && Date.now() >= task.readDraftsAfter) {
      checked = true;
      track(c.screen('/offers-and-bids?passo=summary').then((answer) => {
        // A 5xx says nothing of the draft: read again at a later instant.
        if (answer.status >= 500) {
          checked = false;
          return;
        }
        const now = valueRow(screenText(answer.body ?? { layout: [] }));
        report.draftsReadBack++;
        if (now !== draft) {
          report.draftsLost++;
          if (report.lostDrafts.length < 5) report.lostDrafts.push(`${who} #${n}: saved “${draft}”, read “${now ?? 'nothing'}” (${answer.status} ${answer.body?.kind ?? ''} ${answer.body?.to ?? ''})`);
        }
      }, stop));
      continue;
    }
    const [family, paths] = families[i % families.length]!;
    const path = paths[i % paths.length]!;
    track(c.screen(path).then(() => {
      // From the instant it was due: a client behind its schedule shows as latency too.
      (report.latencies[family] ??= []).push(Math.round(Date.now() - due));
    }, stop));
  }
  await Promise.all(inFlight);
}

/** The summary's bid value line (“Valor do lance: R$ 17.000,00”), as the customer reads it. */
function valueRow(text: string): string | null {
  return text.split('\n').find((line) => /^Valor.*R\$/.test(line)) ?? null;
}

process.once('message', async (task: ClientTask) => {
  // Open-loop, a session may have several screens on their way at once.
  const pool = new Pool(task.proxy, { connections: task.pace ? Math.min(task.count * 4, 1024) : Math.min(task.count, 256), pipelining: 1 });
  await Promise.all(
    Array.from({ length: task.count }, async (_, k) => {
      // Customers arrive over the ramp, not all in the same second.
      await new Promise((resolve) => setTimeout(resolve, (k * task.rampMs) / task.count));
      await session(task, pool, task.first + k).catch((err: unknown) => {
        if (!(err instanceof TransportFailure)) throw err;
      });
    }),
  );
  await pool.close();
  process.send!(report, () => process.exit(0));
});
