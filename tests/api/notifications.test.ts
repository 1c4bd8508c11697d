import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const NATIVE = { 'x-client-platform': 'android', 'x-app-version': '1.70.00' };

async function login(key: string) {
  const c = client(stack.baseUrl, key === 'marcos' ? `horizonte.localhost:${stack.port}` : undefined);
  await c.loginWithQuota(key);
  return c;
}

const cards = (doc: { layout: unknown[] }) => findAll(doc.layout, (n) => typeof n.id === 'string' && n.id.startsWith('notificacao-'));

describe('notifications', () => {
  it('lists ana’s three notifications, one unread (informativos with partner_id and id_cota)', async () => {
    const c = await login('ana');
    const res = await c.screen('/notifications');
    expect(res.body.screen).toBe('notificacoes');
    expect(cards(res.body)).toHaveLength(3);
    expect(screenText(res.body)).toContain('Você tem 1 notificação não lida.');
    expect(screenText({ layout: [cards(res.body)[0]] })).toContain('Não lida');
    const call = (await stack.sandbox.calls()).filter((x) => x.path === 'informativos' && x.method === 'GET').at(-1);
    expect(call?.query).toMatchObject({ partner_id: '1', id_cota: expect.any(String) });
  });

  it('opening the unread one marks it read (POST informativos news_id); the list then has none unread', async () => {
    await stack.sandbox.reset();
    const c = await login('ana');
    const detail = await c.screen('/notifications/9003');
    expect(detail.body.screen).toBe('notificacao');
    expect(screenText(detail.body)).toContain('Sua próxima assembleia está chegando');
    expect(findAll(detail.body.layout, (n) => n.id === 'situacao')[0].text).toBe('Lida');
    expect((await stack.sandbox.calls()).filter((x) => x.path === 'informativos' && x.method === 'POST').at(-1)?.body).toEqual({ news_id: 9003 });
    const list = await c.screen('/notifications');
    expect(screenText(list.body)).not.toContain('não lida');
    // An already read one is not marked again.
    await stack.sandbox.clearCalls();
    await c.screen('/notifications/9002');
    expect((await stack.sandbox.calls()).some((x) => x.path === 'informativos' && x.method === 'POST')).toBe(false);
  });

  it('an unknown or malformed id is a clear “not found” screen', async () => {
    const c = await login('ana');
    for (const path of ['/notifications/1', '/notifications/abc']) {
      const res = await c.screen(path);
      expect(res.status).toBe(200);
      expect(res.body.screen).toBe('notificacao');
      expect(screenText(res.body)).toContain('Notificação não encontrada');
    }
  });

  it('an upstream 404 is an empty list (marcos has none); other failures a message on the screen', async () => {
    const marcos = await login('marcos');
    const empty = await marcos.screen('/notifications');
    expect(empty.body.screen).toBe('notificacoes');
    expect(cards(empty.body)).toHaveLength(0);
    expect(findAll(empty.body.layout, (n) => n.id === 'notificacoes')[0].emptyText).toBe('Você não tem notificações no momento.');

    const c = await login('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'informativos', status: 500, times: 1 });
    const failed = await c.screen('/notifications');
    expect(failed.status).toBe(200);
    expect(screenText(failed.body)).toContain('Não foi possível carregar suas notificações agora. Tente novamente mais tarde.');
  });
});

describe('notification preferences (/notifications/preferencias)', () => {
  it('changes the method once, then locks it for 24 hours by the back office’s clock, then allows it again', async () => {
    await stack.sandbox.reset();
    const c = await login('ana');
    const first = await c.screen('/notifications/preferencias');
    expect(first.body.screen).toBe('notificacoes-preferencias');
    const text = screenText(first.body);
    expect(text).toContain('E-mail');
    expect(text).toContain('Você ainda não alterou a forma de envio desta cota.');
    expect(findAll(first.body.layout, (n) => n.id === 'form-forma-envio')).toHaveLength(1);

    expect((await c.action('notifications/preference-save', { formaEnvio: 'POMBO' })).body).toEqual({ kind: 'field-errors', errors: { formaEnvio: 'Escolha uma forma de envio.' } });
    expect((await c.action('notifications/preference-save', { formaEnvio: 'EMAIL' })).body).toEqual({ kind: 'field-errors', errors: { formaEnvio: 'Esta já é a forma de envio atual.' } });
    expect((await c.action('notifications/preference-save', { formaEnvio: 'SMS' })).body).toEqual({ kind: 'snackbar', message: 'Forma de envio alterada.', to: '/notifications/preferencias' });

    const locked = await c.screen('/notifications/preferencias');
    expect(screenText(locked.body)).toMatch(/Forma de envio atual: SMS|SMS/);
    expect(findAll(locked.body.layout, (n) => n.id === 'bloqueio')[0].text).toMatch(/^Você poderá alterar a forma de envio novamente a partir de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/);
    expect(findAll(locked.body.layout, (n) => n.id === 'form-forma-envio')).toHaveLength(0);
    const refused = await c.action('notifications/preference-save', { formaEnvio: 'WHATSAPP' });
    expect(refused.body.kind).toBe('error');
    expect(refused.body.message).toMatch(/^Você poderá alterar a forma de envio novamente a partir de/);

    // A day later the upstream session (12-hour refresh) is long gone: the customer logs in again.
    await stack.sandbox.advanceClock(23 * 3600);
    const later = await login('ana');
    expect((await later.action('notifications/preference-save', { formaEnvio: 'WHATSAPP' })).body.kind).toBe('error');

    await stack.sandbox.advanceClock(2 * 3600);
    const d = await login('ana');
    const open = await d.screen('/notifications/preferencias');
    expect(findAll(open.body.layout, (n) => n.id === 'form-forma-envio')).toHaveLength(1);
    expect(findAll(open.body.layout, (n) => n.id === 'ultima-alteracao')[0].text).toMatch(/^Última alteração em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/);
    expect((await d.action('notifications/preference-save', { formaEnvio: 'WHATSAPP' })).body.kind).toBe('snackbar');
    await stack.sandbox.reset();
  });

  it('after a change at 20:48 names 20:48 of the next day, and the change is open from that minute', async () => {
    await stack.sandbox.reset();
    // 25/11/2026 20:48:37 in Brasília.
    await stack.sandbox.setClock('2026-11-25T23:48:37.000Z');
    const c = await login('ana');
    expect((await c.action('notifications/preference-save', { formaEnvio: 'SMS' })).body.kind).toBe('snackbar');
    const locked = await c.screen('/notifications/preferencias');
    expect(findAll(locked.body.layout, (n) => n.id === 'ultima-alteracao')[0].text).toBe('Última alteração em 25/11/2026 às 20:48.');
    expect(findAll(locked.body.layout, (n) => n.id === 'bloqueio')[0].text).toBe('Você poderá alterar a forma de envio novamente a partir de 26/11/2026 às 20:48.');

    await stack.sandbox.setClock('2026-11-26T23:48:00.000Z');
    const d = await login('ana');
    expect(findAll((await d.screen('/notifications/preferencias')).body.layout, (n) => n.id === 'form-forma-envio')).toHaveLength(1);
    expect((await d.action('notifications/preference-save', { formaEnvio: 'WHATSAPP' })).body.kind).toBe('snackbar');
    await stack.sandbox.reset();
  });

  it('still refuses a change inside the lockout when the back office’s time cannot be read (machine clock)', async () => {
    await stack.sandbox.reset();
    const c = await login('ana');
    expect((await c.action('notifications/preference-save', { formaEnvio: 'SMS' })).body.kind).toBe('snackbar');
    await stack.sandbox.fault({ method: 'GET', path: 'util/datahoraatual', status: 500, times: 1 });
    const again = await c.action('notifications/preference-save', { formaEnvio: 'EMAIL' });
    expect(again.body.kind).toBe('error');
  });

  it('offers push opt-in and the status-bar colour through the bridge only inside a native wrapper', async () => {
    const c = await login('ana');
    const web = await c.screen('/notifications/preferencias');
    expect(findAll(web.body.layout, (n) => n.action?.type === 'bridge')).toHaveLength(0);
    const native = await c.screen('/notifications/preferencias', NATIVE);
    const bridges = findAll(native.body.layout, (n) => n.action?.type === 'bridge').map((n) => n.action);
    expect(bridges).toEqual([
      { type: 'bridge', method: 'push-opt-in', then: { type: 'submit', action: 'notifications/push', payload: { bloquear: false } } },
      { type: 'bridge', method: 'status-bar-color', args: { color: '#CE181E' } },
    ]);
    expect((await c.action('notifications/push', { bloquear: true })).body.message).toBe('Notificações no celular pausadas.');
    expect(screenText((await c.screen('/notifications/preferencias', NATIVE)).body)).toContain('Retomar notificações no celular');
  });

  it('a partner agent (transparent login) reads notifications without marking them read and cannot change preferences', async () => {
    await stack.sandbox.reset();
    const token = await stack.sandbox.transparentToken('ana');
    const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const screen = (path: string) => supertest(stack.baseUrl).get('/api/screens').query({ path }).set('cookie', cookie);
    expect(findAll((await screen('/notifications/9003')).body.layout, (n) => n.id === 'situacao')[0].text).toBe('Não lida');
    expect((await stack.sandbox.calls()).some((x) => x.path === 'informativos' && x.method === 'POST')).toBe(false);
    expect((await screen('/notifications/preferencias')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/home' });
    const refused = await supertest(stack.baseUrl)
      .post('/api/actions/notifications/preference-save')
      .set('cookie', cookie)
      .set(CSRF_HEADER, CSRF_HEADER_VALUE)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ formaEnvio: 'SMS' }));
    expect(refused.body.message).toBe('Você está atendendo este cliente como parceiro: só o próprio cliente pode alterar as preferências de notificação.');
  });
});
