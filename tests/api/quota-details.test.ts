import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('quota details', () => {
  it('shows ana’s quota, its holder (CPF masked) and its finance', async () => {
    const c = await as('ana');
    const text = screenText((await c.screen('/detalhes-da-cota')).body);
    expect(text).toContain('Grupo 001234 · Cota 0567');
    expect(text).toContain('Versão: 00');
    expect(text).toContain('Nome: Ana Beatriz Lima');
    expect(text).toMatch(/CPF\/CNPJ: \*\*\*\.157\.509-\*\*/);
    expect(text).toContain('Saldo devedor: R$ 61.204,18');
  });

  it('renames the quota: the nickname shows on the list and on the details', async () => {
    const c = await as('bruno');
    expect((await c.action('quotas/nickname', { apelido: 'Apartamento' })).body).toEqual({ kind: 'snackbar', message: 'Apelido salvo.', to: '/detalhes-da-cota' });
    const calls = await stack.sandbox.calls();
    expect(calls.find((call) => call.method === 'PUT' && call.path.endsWith('/preferencias'))?.body).toEqual({ nickname: 'Apartamento' });
    expect(screenText((await c.screen('/detalhes-da-cota')).body)).toContain('Apartamento');
    expect(screenText((await c.screen('/groups-and-quotas')).body)).toContain('Apartamento');
    expect((await c.action('quotas/nickname', { apelido: 'x'.repeat(31) })).body).toEqual({ kind: 'field-errors', errors: { apelido: 'O apelido pode ter até 30 caracteres.' } });
  });

  it('uploads a photo through arquivos/v2, then saves its address; the list shows it', async () => {
    const c = await as('ana');
    const saved = await c.action('quotas/photo', { foto: `data:image/png;name=carro.png;base64,${PNG}` });
    expect(saved.body).toEqual({ kind: 'snackbar', message: 'Foto da cota atualizada.', to: '/detalhes-da-cota' });
    const calls = await stack.sandbox.calls();
    const put = calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/preferencias')).at(-1);
    expect(calls.some((call) => call.method === 'POST' && call.path === 'arquivos/v2')).toBe(true);
    const list = await c.screen('/groups-and-quotas');
    const image = findAll(list.body.layout, (n) => n.type === 'image')[0];
    expect(image.src).toBe(put?.body?.photo_url);
    const served = await fetch(image.src);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('refuses other formats and large photos, and shows the back office’s message when it refuses the photo', async () => {
    const c = await as('ana');
    expect((await c.action('quotas/photo', { foto: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' })).body.errors.foto).toBe('Escolha uma imagem JPG ou PNG.');
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64');
    expect((await c.action('quotas/photo', { foto: `data:image/png;base64,${big}` })).body.errors.foto).toBe('A foto pode ter até 2 MB.');
    await stack.sandbox.fault({ method: 'POST', path: 'arquivos/v2', status: 400, times: 1, body: { message: 'Imagem corrompida: envie outra foto.' } });
    expect((await c.action('quotas/photo', { foto: `data:image/png;base64,${PNG}` })).body).toMatchObject({ kind: 'error', message: 'Imagem corrompida: envie outra foto.' });
  });
});
