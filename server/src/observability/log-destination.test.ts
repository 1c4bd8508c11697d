import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedDestination } from './log-destination.js';

/** A stream that records each write it is handed. */
function recorder() {
  const writes: string[] = [];
  const sink = { write: (chunk: string) => void writes.push(chunk) } as unknown as pino.DestinationStream;
  return { writes, sink };
}

const line = (level: number, msg: string) => `{"level":${level},"time":1,"msg":"${msg}"}\n`;

describe('the log destination', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the lines to the stream in one write once the batch reaches its size', () => {
    const { writes, sink } = recorder();
    const destination = new BatchedDestination(sink, { chars: 150, delayMs: 60_000 });
    destination.write(line(30, 'a'.repeat(30)));
    destination.write(line(30, 'b'.repeat(30)));
    expect(writes).toEqual([]);
    destination.write(line(30, 'c'.repeat(30)));
    expect(writes).toEqual([line(30, 'a'.repeat(30)) + line(30, 'b'.repeat(30)) + line(30, 'c'.repeat(30))]);
  });

  it('hands a quiet server’s lines over within the delay of the first', () => {
    vi.useFakeTimers();
    const { writes, sink } = recorder();
    const destination = new BatchedDestination(sink, { chars: 16_384, delayMs: 200 });
    destination.write(line(30, 'first'));
    vi.advanceTimersByTime(150);
    destination.write(line(30, 'second'));
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(writes).toEqual([line(30, 'first') + line(30, 'second')]);
    destination.write(line(30, 'third'));
    vi.advanceTimersByTime(199);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([line(30, 'first') + line(30, 'second'), line(30, 'third')]);
  });

  it('writes an error or a fatal line at once, after the lines that waited before it', () => {
    const { writes, sink } = recorder();
    const destination = new BatchedDestination(sink, { chars: 16_384, delayMs: 60_000 });
    destination.write(line(30, 'access'));
    destination.write(line(40, 'warning'));
    expect(writes).toEqual([]);
    destination.write(line(50, 'error'));
    expect(writes).toEqual([line(30, 'access') + line(40, 'warning') + line(50, 'error')]);
    destination.write(line(60, 'fatal'));
    expect(writes).toEqual([line(30, 'access') + line(40, 'warning') + line(50, 'error'), line(60, 'fatal')]);
  });

  it('keeps the order pino’s lines and the lines written to it directly were written in', () => {
    const { writes, sink } = recorder();
    const destination = new BatchedDestination(sink, { chars: 16_384, delayMs: 60_000 });
    const log = pino({ base: null, timestamp: false }, destination);
    destination.write(line(30, 'access 1'));
    log.warn('aviso');
    destination.write(line(30, 'access 2'));
    destination.flush();
    expect(writes.join('').trimEnd().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['access 1', 'aviso', 'access 2']);
  });

  it('hands what waits over when flushed (the server’s close), and nothing twice', () => {
    const { writes, sink } = recorder();
    const destination = new BatchedDestination(sink, { chars: 16_384, delayMs: 60_000 });
    destination.write(line(30, 'last'));
    destination.flush();
    destination.flush();
    expect(writes).toEqual([line(30, 'last')]);
  });

  it('writes the lines still waiting when the process exits, on standard output as the server writes it', () => {
    const script = `
      import { stdoutDestination } from ${JSON.stringify(fileURLToPath(new URL('../app.ts', import.meta.url)))};
      const destination = stdoutDestination();
      destination.write('{"level":30,"msg":"a última linha"}\\n');
      process.exit(0);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('{"level":30,"msg":"a última linha"}\n');
  });
});
