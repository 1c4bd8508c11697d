import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { size } from '../../scripts/uploads-table.js';
import { MESSAGE_LIMITS } from '../../server/src/capabilities/assistant/index.js';
import { buildApp } from '../../server/src/app.js';
import { ConfigSchema, loadConfig } from '../../server/src/config.js';

let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', FLOWS_POLL_MS: '0' }), { logger: false });
  await app.ready();
});
afterAll(async () => app?.close());

/** docs/reliability.md's section on heavy work, up to the next section. */
function section(): string {
  const page = readFileSync('docs/reliability.md', 'utf8');
  const start = page.indexOf('## Heavy work and its limits');
  expect(start, 'the section is in docs/reliability.md').toBeGreaterThanOrEqual(0);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

describe('docs/reliability.md: heavy work and its limits', () => {
  it('names every action with its own body limit, in the row of that limit', () => {
    const rows = section().split('\n').filter((line) => line.startsWith('| '));
    const wrong = [...app.actions.list()]
      .filter(([, action]) => action.bodyLimit)
      .filter(([name, action]) => !rows.some((row) => row.startsWith(`| ${size(action.bodyLimit!)} |`) && row.includes(`\`${name}\``)))
      .map(([name, action]) => `${name} (${size(action.bodyLimit!)})`);
    expect(wrong).toEqual([]);
  });

  it('names no upload action the server does not register with that limit', () => {
    const registered = new Map([...app.actions.list()].filter(([, a]) => a.bodyLimit).map(([name, a]) => [name, size(a.bodyLimit!)]));
    const listed = section()
      .split('\n')
      .flatMap((row) => {
        const limit = /^\| (\d+ [MK]iB) \| (.*) \|$/.exec(row);
        return limit ? [...limit[2]!.matchAll(/`([\w/-]+)`/g)].map((m) => [m[1]!, limit[1]!] as const) : [];
      });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter(([name, limit]) => registered.get(name) !== limit)).toEqual([]);
  });

  it('names the request limits, the screen deadline and the assistant’s limits as configured', () => {
    const text = section();
    for (const name of Object.keys(ConfigSchema.shape).filter((n) => n.startsWith('RATE_LIMIT_'))) expect(text, name).toContain(`\`${name}\``);
    expect(text).toContain('`SCREEN_DEADLINE_MS`');
    expect(text).toContain(`${MESSAGE_LIMITS.conversation.max} messages a minute per conversation`);
    expect(text).toContain(`${MESSAGE_LIMITS.address.max} per ${MESSAGE_LIMITS.address.windowSeconds / 60} minutes per address`);
    expect(MESSAGE_LIMITS.conversation.windowSeconds).toBe(60);
  });
});
