import { describe, expect, it } from 'vitest';
import { CLIENT_PLATFORM_HEADER } from '../../screens/contract/index.js';
import { client, findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const ANDROID = { [CLIENT_PLATFORM_HEADER]: 'android' };

async function slipScreen(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  const hub = await c.screen('/boletos');
  const button = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
  const generated = await c.action('slips/generate', button.action.payload);
  return { c, path: generated.body.to as string };
}

describe('flow evaluation', () => {
  it('asks how it went at the end of a slip only inside a native wrapper', async () => {
    const { c, path } = await slipScreen('ana');
    expect((await c.screen(path)).body.modals).toEqual([]);
    const native = await c.screen(path, ANDROID);
    expect(native.body.modals[0]).toMatchObject({ id: 'avaliacao', title: 'Como foi a sua experiência?' });
    expect(native.body.modals[0].actions.map((a: { label: string }) => a.label)).toEqual(['Gostei', 'Não gostei', 'Agora não']);
  });

  it('sends the answer (liked) and does not ask again', async () => {
    const { c, path } = await slipScreen('bruno');
    const liked = await c.action('evaluation/answer', { fluxo: 'boletos', gostou: true });
    expect(liked.body).toEqual({ kind: 'snackbar', message: 'Obrigado pela sua avaliação!' });
    const sent = (await stack.sandbox.calls()).filter((call) => call.path === 'usuarios/avaliacoes').at(-1);
    expect(sent?.body).toMatchObject({ name: 'boletos', answer: 'GOSTEI', partner: 1, group_quota: '002345-0101' });
    expect((await c.screen(path, ANDROID)).body.modals).toEqual([]);
  });

  it('asks again only after the next appearance when the customer says not now', async () => {
    const { c, path } = await slipScreen('carla');
    expect((await c.action('evaluation/later', { fluxo: 'boletos' })).body.message).toBe('Tudo bem, perguntamos outra hora.');
    const put = (await stack.sandbox.calls()).filter((call) => call.method === 'PUT' && call.path.startsWith('usuarios/')).at(-1);
    expect(put?.body).toMatchObject({ assessmentUser: { assessmented: false, liked: null } });
    expect((await c.screen(path, ANDROID)).body.modals).toEqual([]);
    await stack.sandbox.advanceClock(31 * 24 * 3600);
    const later = await slipScreen('carla');
    expect((await later.c.screen(later.path, ANDROID)).body.modals[0].id).toBe('avaliacao');
    await stack.sandbox.reset();
  });

  it('refuses an unknown flow', async () => {
    const { c } = await slipScreen('ana');
    expect((await c.action('evaluation/answer', { fluxo: 'outro', gostou: true })).body.kind).toBe('field-errors');
  });
});
