/**
 * A page of another site cannot read the customer's screens through their browser: a read of the
 * API marked cross-site by the browser is refused before any work (security/fetch-metadata.ts),
 * while the app's own reads and a person opening an address still get their answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Agent } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
let ana: Agent;

beforeAll(async () => {
  const c = client(stack.baseUrl);
  await c.login('ana');
  ana = c.agent;
});

const home = () => ana.get('/api/screens').query({ path: '/home' });

describe('GET /api/screens from another site', () => {
  it('refuses a cross-site read of ana’s home with 403, and calls no back office', async () => {
    await stack.sandbox.clearCalls();
    const res = await home().set('sec-fetch-site', 'cross-site').set('sec-fetch-mode', 'cors').set('sec-fetch-dest', 'empty');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('Ana');
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('still answers ana’s own page, and a person who opens the address from a link elsewhere', async () => {
    expect((await home().set('sec-fetch-site', 'same-origin').set('sec-fetch-mode', 'cors')).status).toBe(200);
    expect((await home().set('sec-fetch-site', 'cross-site').set('sec-fetch-mode', 'navigate').set('sec-fetch-dest', 'document')).status).toBe(200);
  });
});
