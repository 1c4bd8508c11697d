import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLineWriter } from './observability.js';

/** A destination that records each write it is handed. */
function recorder() {
  const writes: string[] = [];
  const destination = { write: (chunk: string) => void writes.push(chunk) } as unknown as pino.DestinationStream;
  return { writes, destination };
}

const request = (id: string) => ({ id, method: 'GET' }) as unknown as FastifyRequest;
const observed = { requestId: 'x', upstreamMs: 12.4, upstreamCalls: 3 };

describe('access lines', () => {
  it('hands the lines of one turn of the event loop to the destination in one write, at the end of that turn', async () => {
    const { writes, destination } = recorder();
    const lines = accessLineWriter(destination);
    lines.write(request('req-1'), 'screen:home', 200, 41.6, observed);
    lines.write(request('req-2'), '/health/live', 200, 0.4, null);
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const parsed = writes[0]!.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toMatchObject([
      { level: 30, reqId: 'req-1', family: 'screen:home', status: 200, ms: 42, upstreamMs: 12, upstreamCalls: 3, msg: 'GET screen:home' },
      { level: 30, reqId: 'req-2', family: '/health/live', status: 200, ms: 0, upstreamMs: 0, upstreamCalls: 0, msg: 'GET /health/live' },
    ]);
    lines.write(request('req-3'), 'screen:home', 304, 3, observed);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
    lines.close();
  });

  it('writes what is waiting when the server closes, and nothing twice', async () => {
    const { writes, destination } = recorder();
    const lines = accessLineWriter(destination);
    lines.write(request('req-1'), 'screen:home', 200, 5, observed);
    lines.close();
    expect(writes).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
  });

  it('writes the lines of the turn in which the process exits, on standard output as the server writes it', () => {
    const script = `
      import pino from 'pino';
      import { accessLineWriter } from ${JSON.stringify(fileURLToPath(new URL('./observability.ts', import.meta.url)))};
      const lines = accessLineWriter(pino.destination({ dest: 1, sync: false }));
      lines.write({ id: 'req-last', method: 'POST' }, 'action:auth', 200, 7, null);
      process.exit(0);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../../../..', import.meta.url)) });
    expect(child.stderr).toBe('');
    expect(child.stdout).toContain('"reqId":"req-last","family":"action:auth"');
  });
});
