/**
 * A process run under valgrind's callgrind with counting off until asked (`bench/instructions.ts`,
 * `bench/composition-instructions.ts`): each `count` turns counting on, drives the requests, turns
 * it off and reads that window's dump of the main thread, self instructions by function per request.
 *
 * Only the main thread, where the requests run, is counted: V8's helper threads (the optimising
 * compiler, a full collection's concurrent marking and sweeping) work in bursts of up to a
 * thousand million instructions, more than a window's whole difference between two routes. And
 * the work a process does by the clock is off, since at callgrind's pace (a process answers far
 * fewer requests a second) each request would carry that many times its share: the
 * definitions' poll and the analytics' flush, queries the embedded database runs inside the process
 * (`FLOWS_POLL_MS=0`, `ANALYTICS_FLUSH_MS=0`), and V8's memory reducer, whose full collections
 * start when allocation slows down (`--no-memory-reducer`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { byFunction, type Counted } from './callgrind.js';
import { removePerfFiles } from './perf-map.js';
import { IMAGE_NODE_FLAGS } from './processes.js';
import { waitFor } from './wait.js';

export interface UnderCallgrind {
  /** Counts what the process's main thread runs while it answers `requests` requests to `url` (`driven`). */
  count(url: string, requests: number, headers?: Record<string, string>): Promise<Counted>;
  /** Kills the process and removes what it left (its perf map, V8's log). */
  stop(): Promise<void>;
}

/** Throws with the way to install valgrind when it is missing. */
export function assertValgrind(): void {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed (apt-get install -y valgrind)');
  }
}

/**
 * Sends `amount` requests to `url` over 10 connections (a process under callgrind answers a few
 * hundred a second at most) and throws if any answer is not 2xx: a count of errors is no figure.
 */
export async function driven(url: string, amount: number, headers: Record<string, string> = {}): Promise<void> {
  const run = await autocannon({ url, connections: 10, amount, headers });
  if (run.errors + run.non2xx > 0) throw new Error(`${url}: ${run.errors + run.non2xx} answers not 2xx`);
}

/** The environment and Node.js flags that keep a counted process's work by the clock off. */
const WITHOUT_CLOCK_WORK = { env: { FLOWS_POLL_MS: '0', ANALYTICS_FLUSH_MS: '0' }, nodeFlags: ['--no-memory-reducer'] } as const;

const callgrindControl = (args: string[]) => execFileSync('callgrind_control', args, { stdio: 'ignore' });

/**
 * Starts `script` under callgrind with the image's Node.js flags, the clock's work off, its dumps
 * in `folder`, and resolves once `readyUrl` answers. `buildFolder`: the build the script belongs
 * to, whose files are named as this tree's `build/` so that two builds' lines pair up.
 */
export async function underCallgrind(options: { script: string; env: NodeJS.ProcessEnv; port: number; readyUrl: string; folder: string; name: string; buildFolder?: string }): Promise<UnderCallgrind> {
  const { script, env, port, readyUrl, folder, name, buildFolder = 'build' } = options;
  const out = join(folder, `${name.replace(/\W+/g, '-')}.out`);
  const child: ChildProcess = spawn(
    'valgrind',
    ['-q', '--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', '--separate-threads=yes', `--callgrind-out-file=${out}`, process.execPath, ...IMAGE_NODE_FLAGS, ...WITHOUT_CLOCK_WORK.nodeFlags, '--perf-basic-prof-only-functions', script],
    { env: { ...process.env, ...env, ...WITHOUT_CLOCK_WORK.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const pid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGKILL');
    await exited;
    removePerfFiles(pid);
  };
  try {
    await waitFor(readyUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  let dumps = 0;
  return {
    stop,
    async count(url, requests, headers) {
      callgrindControl(['--instr=on', String(pid)]);
      await driven(url, requests, headers);
      callgrindControl(['--instr=off', String(pid)]);
      callgrindControl(['--dump', String(pid)]);
      // With threads apart, each dump is a file per thread; the main thread's is the first.
      const dump = `${out}.${++dumps}-01`;
      for (let i = 0; i < 600 && !existsSync(dump); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const annotated = execFileSync('callgrind_annotate', ['--threshold=100', '--inclusive=no', dump], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const total = /^\s*([\d,]+) \([^)]*\)\s+PROGRAM TOTALS/m.exec(annotated);
      if (!total) throw new Error(`${name}: no totals in ${dump}`);
      const map = `/tmp/perf-${pid}.map`;
      return {
        perRequest: Number(total[1]!.replaceAll(',', '')) / requests,
        byFunction: byFunction(annotated, existsSync(map) ? readFileSync(map, 'utf8') : '', requests, process.cwd(), buildFolder),
      };
    },
  };
}
