import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

/**
 * Starts the server's process entry as the image does (configured by environment), with
 * `process.versions.node` standing for `version`, and answers the log lines written until it listens.
 */
async function startLines(version: string): Promise<Array<{ level: number; msg: string; endOfLife?: string }>> {
  const pretend = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(pretend)}`, 'server/src/main.ts'], {
    env: { ...process.env, APP_ENV: 'test', HOST: '127.0.0.1', PORT: '0', UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: ':memory:', LOG_LEVEL: 'info', FLOWS_POLL_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<{ level: number; msg: string; endOfLife?: string }> = [];
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      const entry = JSON.parse(line) as { level: number; msg: string };
      lines.push(entry);
      if (entry.msg.startsWith('Server listening')) break;
    }
    return lines;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the server started on an end-of-life Node.js line', () => {
  it('warns at start that Node.js 20 gets no security fixes since 30 April 2026', async () => {
    const lines = await startLines('20.20.2');
    const warning = lines.find((line) => line.msg.includes('end of life'));
    expect(warning).toMatchObject({ level: 40, endOfLife: '2026-04-30' });
    expect(warning!.msg).toContain('run the server on Node.js 24');
    // The process went on to listen: the warning does not stop it.
    expect(lines.at(-1)!.msg).toMatch(/^Server listening/);
  });
});
