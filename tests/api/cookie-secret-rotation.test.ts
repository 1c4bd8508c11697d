import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * COOKIE_SECRET rotated (a new secret first, the old one kept) on the same database: a session
 * ana opened before the rotation is still hers — listed on her sessions screen and ended by
 * "Encerrar as outras sessões" — rather than lost to the customer's controls until it expires.
 * OWASP ASVS 5.0 V11.2.2.
 */
const dir = mkdtempSync(join(tmpdir(), 'cookie-secret-rotation-'));
const SEAL = `k1=${randomBytes(32).toString('base64')}`;
const [older, newer] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
const stacks: Stack[] = [];
afterAll(async () => {
  for (const s of stacks) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const sidOf = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []).find((l) => l.startsWith('sid='))!.split(';')[0]!.slice('sid='.length);

describe('COOKIE_SECRET rotated', () => {
  it('keeps ana’s session opened under the older secret on her list, and ends it with the others', async () => {
    const before = await startStack({ DATA_DIR: dir, COOKIE_SECRET: older, SESSION_SEAL_KEYS: SEAL });
    stacks.push(before);
    const phone = client(before.baseUrl);
    const opened = decodeURIComponent(sidOf(await phone.login('ana')));
    await before.close();
    stacks.pop();

    const after = await startStack({ DATA_DIR: dir, COOKIE_SECRET: `${newer},${older}`, SESSION_SEAL_KEYS: SEAL });
    stacks.push(after);
    expect(await after.app.sessions.get(opened)).not.toBeNull();
    const desk = client(after.baseUrl);
    await desk.login('ana');
    const doc = (await desk.screen('/perfil/sessoes')).body;
    expect(findAll(doc.layout, (n) => n.id === 'sessoes')[0].items).toHaveLength(2);
    const all = findAll(doc.layout, (n) => n.id === 'encerrar-outras')[0];
    expect((await desk.action(all.action.action, all.action.payload)).body).toMatchObject({ kind: 'snackbar', message: 'As outras sessões foram encerradas.' });
    expect(await after.app.sessions.get(opened)).toBeNull();
    expect((await desk.screen('/perfil/sessoes')).body.screen).toBe('perfil-sessoes');
  });
});
