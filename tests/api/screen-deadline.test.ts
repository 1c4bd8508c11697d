import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const DEADLINE_MS = 600;
const stack = useStack({ SCREEN_DEADLINE_MS: String(DEADLINE_MS) });

describe('a screen’s deadline', () => {
  it('abandons a back-office call still running when the deadline passes, and answers then rather than when the back office does', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.clearCalls();
    // The next read of the back office takes 4 s.
    await stack.sandbox.fault({ method: 'GET', path: '*', delayMs: 4_000, times: 1 });
    const started = Date.now();
    const home = await c.screen('/home');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS);
    expect(elapsed).toBeLessThan(3_000);
    // Either the screen without the part that call was for, or the spec's error when it was essential.
    expect(['screen', 'error']).toContain(home.body.kind);
    expect((await stack.sandbox.calls()).length).toBeGreaterThan(0);
  });
});
