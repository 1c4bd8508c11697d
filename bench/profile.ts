/**
 * Where a request's server CPU goes: the compiled server (as the image runs it) sampled through
 * its inspector while autocannon drives one route, and the main thread's samples summed by
 * self time and grouped (a package, a Node.js module, the app's own file, the garbage collector),
 * in µs per request. `npm run bench:profile -- /bench/hello` (or `/api/screens?path=/home`,
 * `/api/bench/passthrough/home`); BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_TOP (25).
 * `BENCH_AGAINST=<route>` profiles a second route of the same server too, alternately
 * (`BENCH_PAIRS` pairs, 1), and prints what the first costs over the second, by group and by
 * function. Needs `npm run build:server` first. The sampler's interval (`interval: 100` µs) and its own overhead make
 * the sum a little above the /proc figure of `npm run bench`: read the shares, not the total.
 */
import autocannon from 'autocannon';
import { COMPILED_SERVER, HELLO_SERVER, benchServerEnv, loginAsAna, start, stopAll } from './processes.js';
import { codeGroup, largestDifferences } from './code-groups.js';
import { waitFor } from './wait.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TOP = Number(process.env.BENCH_TOP ?? 25);
/** Part of a function's printed name (`nextTick node:internal/process/task_queues:113`): its self time is also printed by the stacks that lead to it. */
const CALLERS = process.env.BENCH_CALLERS;
/** Part of a printed name: the functions that match are printed by their time with what they called. */
const INCLUSIVE = process.env.BENCH_INCLUSIVE;

/** The group a frame's self time counts for: a package, a Node.js module, or the app's own file. */
export function groupOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  return codeGroup(url) ?? url;
}

/** A frame as the summaries print it: `function group:line`. */
function nameOf(frame: CallFrame): string {
  return `${frame.functionName || '(anonymous)'} ${groupOf(frame)}:${frame.lineNumber + 1}`;
}

/** Self time in µs per node id, from the samples and the time since the sample before each. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  return self;
}

/** Self time per request, by group and by function, of one profile. */
function tally(profile: Profile, requests: number): { byGroup: Map<string, number>; byFunction: Map<string, number>; total: number } {
  const self = selfTimes(profile);
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = (self.get(node.id) ?? 0) / requests;
    if (!us || node.callFrame.functionName === '(idle)') continue;
    const group = groupOf(node.callFrame);
    byGroup.set(group, (byGroup.get(group) ?? 0) + us);
    const name = nameOf(node.callFrame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  return { byGroup, byFunction, total: [...byGroup.values()].reduce((a, b) => a + b, 0) };
}

/** `  12.34 µs   5.6 %  name`: µs per request, and its share of `total`. */
function line(total: number): (entry: [string, number]) => string {
  return ([name, us]) => `  ${us.toFixed(2).padStart(8)} µs  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`;
}

/**
 * What route A's request costs over route B's, by group and by function (self time per request,
 * each profile's own): the largest differences either way, `BENCH_TOP` lines each.
 */
function compare(a: ReturnType<typeof tally>, b: ReturnType<typeof tally>, names: [string, string]): void {
  const signed = ([name, us]: [string, number]) => `  ${(us >= 0 ? '+' : '') + us.toFixed(2).padStart(8)} µs  ${name}`;
  console.log(`\n${names[0]} − ${names[1]}, main thread busy: ${(a.total - b.total).toFixed(1)} µs per request (${a.total.toFixed(1)} − ${b.total.toFixed(1)})`);
  console.log('by group (self time), largest differences:');
  for (const entry of largestDifferences(a.byGroup, b.byGroup).slice(0, TOP)) console.log(signed(entry));
  console.log('by function (self time), largest differences:');
  for (const entry of largestDifferences(a.byFunction, b.byFunction).slice(0, TOP)) console.log(signed(entry));
}

function summarise(profile: Profile, requests: number): ReturnType<typeof tally> {
  const tallied = tally(profile, requests);
  const { byGroup, byFunction, total } = tallied;
  const print = line(total);
  console.log(`\nmain thread, busy: ${total.toFixed(1)} µs per request over ${requests} requests`);
  console.log('by group (self time):');
  for (const entry of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(print(entry));
  console.log('by function (self time):');
  for (const entry of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(print(entry));
  const self = selfTimes(profile);
  if (INCLUSIVE) {
    // Time in a function and everything it called, summed over the stacks it is on (a function on
    // a stack twice, recursion, counts once per stack).
    const inclusive = new Map<string, number>();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const visit = (node: ProfileNode, onStack: Set<string>): number => {
      const key = nameOf(node.callFrame);
      const fresh = !onStack.has(key);
      if (fresh) onStack.add(key);
      let total = node.callFrame.functionName === '(idle)' ? 0 : (self.get(node.id) ?? 0);
      for (const child of node.children ?? []) total += visit(byId.get(child)!, onStack);
      if (fresh) {
        onStack.delete(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + total);
      }
      return total;
    };
    visit(profile.nodes[0]!, new Set());
    console.log(`by function, with what it called (names containing ${INCLUSIVE}):`);
    for (const entry of [...inclusive].filter(([name]) => name.includes(INCLUSIVE)).sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(print([entry[0], entry[1] / requests]));
  }
  if (CALLERS) {
    const parent = new Map<number, ProfileNode>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
    const stacks = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      if (!us || !nameOf(node.callFrame).includes(CALLERS)) continue;
      const chain: string[] = [];
      for (let up = parent.get(node.id); up && chain.length < 6; up = parent.get(up.id)) chain.push(nameOf(up.callFrame));
      const key = chain.join(' ← ');
      stacks.set(key, (stacks.get(key) ?? 0) + us);
    }
    console.log(`stacks leading to ${CALLERS}:`);
    for (const entry of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(print([entry[0], entry[1] / requests]));
  }
  return tallied;
}

/** A Chrome DevTools Protocol session over the inspector's WebSocket (Node's own WebSocket client). */
interface Inspector {
  send: (method: string, params?: object) => Promise<Record<string, unknown>>;
  close: () => void;
}
async function inspector(port: number): Promise<Inspector> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  };
  let next = 0;
  const send = (method: string, params = {}) => new Promise<Record<string, unknown>>((resolve) => {
    const id = ++next;
    pending.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
  // A process being inspected does not end until its inspector's client has gone.
  return { send, close: () => socket.close() };
}

/** Drives `url` for BENCH_SECONDS under the sampler (after a warm-up); the profile and the requests answered. */
async function profiled(send: Inspector['send'], url: string, cookie: string): Promise<{ profile: Profile; requests: number; rps: number; failed: number }> {
  // A warm-up first, so that the profile holds the optimised code a long-running server runs.
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers: { cookie } });
  await send('Profiler.start');
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  const { profile } = (await send('Profiler.stop')) as unknown as { profile: Profile };
  return { profile, requests: r.requests.total, rps: Math.round(r.requests.average), failed: r.non2xx + r.errors };
}

async function main(): Promise<void> {
  // `hello` profiles the bare Fastify hello the bare route is compared with.
  const route = process.argv[2] ?? '/bench/hello';
  const hello = route === 'hello';
  // Another route of the same server: both are profiled, alternately, and what A costs over B is printed.
  const against = process.env.BENCH_AGAINST;
  const pairs = Number(process.env.BENCH_PAIRS ?? 1);
  const inspectPort = Number(process.env.BENCH_INSPECT_PORT ?? 9339);
  try {
    const env = benchServerEnv();
    const inspect = [`--inspect=127.0.0.1:${inspectPort}`];
    const base = `http://127.0.0.1:${env.server.PORT}`;
    if (hello) await start(HELLO_SERVER, { PORT: env.server.PORT }, /listening on/, inspect);
    else {
      await start('sandbox/src/main.ts', env.sandbox, /listening on/);
      await start(COMPILED_SERVER, env.server, null, inspect);
      await waitFor(`${base}/health/ready`);
    }
    const cookie = hello ? '' : await loginAsAna(base);
    const url = hello ? `${base}/bench/hello` : `${base}${route}`;
    const { send, close } = await inspector(inspectPort);
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: 100 });
    if (!against || hello) {
      const one = await profiled(send, url, cookie);
      console.log(`${route}: ${one.rps} req/s, ${one.failed} not 2xx, node ${process.version}`);
      summarise(one.profile, one.requests);
    } else {
      // Pairs in alternating order, so that neither route always runs on a server the other warmed.
      for (let pair = 1; pair <= pairs; pair++) {
        const order: [string, string][] = pair % 2 ? [[route, url], [against, `${base}${against}`]] : [[against, `${base}${against}`], [route, url]];
        const tallies = new Map<string, ReturnType<typeof tally>>();
        for (const [name, target] of order) {
          const one = await profiled(send, target, cookie);
          console.log(`pair ${pair}, ${name}: ${one.rps} req/s, ${one.failed} not 2xx, node ${process.version}`);
          tallies.set(name, tally(one.profile, one.requests));
        }
        compare(tallies.get(route)!, tallies.get(against)!, [route, against]);
      }
    }
    close();
  } finally {
    await stopAll();
  }
}

await main();
