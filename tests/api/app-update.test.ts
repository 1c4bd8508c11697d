import { beforeAll, describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
beforeAll(async () => {
  await fetch(`${stack.sandbox.url}/__sandbox/versions`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([
      { id: 1, platform: 'web', version: '1.70.00', mandatory: false },
      { id: 4, platform: 'android', version: '1.71.00', mandatory: true },
      { id: 3, platform: 'android', version: '1.70.00', mandatory: false },
    ]),
  });
});

const android = (version: string) => ({ 'x-client-platform': 'android', 'x-app-version': version });

describe('mandatory app update (versoes)', () => {
  it('sends an outdated native wrapper to /atualizacao-obrigatoria from any route, public ones included', async () => {
    const c = client(stack.baseUrl);
    expect((await c.screen('/login', android('1.70.00'))).body.to).toBe('/atualizacao-obrigatoria');
    const update = await c.screen('/atualizacao-obrigatoria', android('1.70.00'));
    expect(screenText(update.body)).toContain('Há uma nova versão obrigatória do aplicativo.');
  });

  it('lets the current wrapper and the web renderer through', async () => {
    const c = client(stack.baseUrl);
    expect((await c.screen('/login', android('1.71.00'))).body.screen).toBe('login');
    expect((await c.screen('/login')).body.screen).toBe('login');
    expect((await c.screen('/atualizacao-obrigatoria')).body.to).toBe('/home');
  });
});
