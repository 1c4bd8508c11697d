import { describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const ana = () => persona('ana').document.replace(/\D/g, '');

describe('push opt-in inside a native wrapper', () => {
  it('registers the token the wrapper returns, per platform, and pauses it while block_push_notification is true', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const screen = await c.screen('/notifications/preferencias', { 'x-client-platform': 'ios' });
    const optIn = findAll(screen.body.layout, (n) => n.action?.type === 'bridge' && n.action.method === 'push-opt-in')[0];
    expect(optIn.action.then).toEqual({ type: 'submit', action: 'notifications/push', payload: { bloquear: false } });

    const on = await c.action('notifications/push', { bloquear: false, resposta: { granted: true, token: 'apns:ana-iphone' } }).set('x-client-platform', 'ios');
    expect(on.body).toMatchObject({ kind: 'snackbar', message: 'Notificações no celular ativadas.' });
    await c.action('notifications/push', { bloquear: false, resposta: { granted: true, token: 'fcm:ana-android' } }).set('x-client-platform', 'android');
    expect(await stack.app.pushTokens.deliverable(ana())).toEqual([
      { platform: 'ios', token: 'apns:ana-iphone', partnerId: persona('ana').partner, blocked: false },
      { platform: 'android', token: 'fcm:ana-android', partnerId: persona('ana').partner, blocked: false },
    ]);
    const puts = (await stack.sandbox.calls()).filter((call) => call.method === 'PUT' && call.path.includes('usuarios/') && call.path.endsWith('/preferencias'));
    expect(puts.at(-1)!.body).toEqual({ block_push_notification: false });

    // Paused: the back office has block_push_notification = true, and no token gets a push.
    await c.action('notifications/push', { bloquear: true });
    expect((await stack.sandbox.calls()).filter((call) => call.method === 'PUT' && call.path.endsWith('/preferencias')).at(-1)!.body).toEqual({ block_push_notification: true });
    expect(await stack.app.pushTokens.deliverable(ana())).toEqual([]);
    expect(await stack.app.pushTokens.list(ana())).toHaveLength(2);

    // Resumed: every token gets pushes again.
    await c.action('notifications/push', { bloquear: false });
    expect(await stack.app.pushTokens.deliverable(ana())).toHaveLength(2);
  });

  it('registers nothing outside a wrapper, on a refusal or without a token', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('bruno');
    const bruno = persona('bruno').document.replace(/\D/g, '');
    await c.action('notifications/push', { bloquear: false, resposta: { granted: true, token: 'fcm:web' } });
    await c.action('notifications/push', { bloquear: false, resposta: { granted: false } }).set('x-client-platform', 'android');
    await c.action('notifications/push', { bloquear: false, resposta: { granted: true } }).set('x-client-platform', 'android');
    expect(await stack.app.pushTokens.list(bruno)).toEqual([]);
    const wrong = await c.action('notifications/push', { bloquear: false, resposta: { granted: 'yes', token: 42 } }).set('x-client-platform', 'android');
    expect(wrong.body.kind).toBe('field-errors');
    expect(await stack.app.pushTokens.list(bruno)).toEqual([]);
  });
});
