import { describe, expect, it } from 'vitest';
import { CLIENT_PLATFORM_HEADER } from '../../screens/contract/index.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { dataUrl, png } from '../helpers/images.js';

const stack = useStack();
const PHONE = { [CLIENT_PLATFORM_HEADER]: 'android' };
/** A readable page (over 2 KB) and an unreadable one, as PNG data URLs. */
const page = (bytes: number) => dataUrl('image/png', png(bytes), 'pagina.png');

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

async function typeCode(c: Awaited<ReturnType<typeof as>>, name: string): Promise<number> {
  const form = findAll((await c.screen('/perfil/validar-identificacao', PHONE)).body.layout, (n) => n.type === 'form')[0];
  const names: string[] = form.uiSchema.tipoDocumento['ui:enumNames'];
  return form.schema.properties.tipoDocumento.enum[names.indexOf(name)];
}

describe('document check from the profile (mobile only)', () => {
  it('is unavailable off mobile', async () => {
    const c = await as('ana');
    expect((await c.screen('/perfil/validar-identificacao')).body).toMatchObject({ kind: 'redirect', to: '/perfil/validar-identificacao/indisponivel' });
    expect(screenText((await c.screen('/perfil/validar-identificacao/indisponivel')).body)).toContain('Abra o aplicativo no seu celular para continuar.');
  });

  it('refuses too few pages for the type and other formats, sending nothing', async () => {
    const c = await as('ana');
    const rg = await typeCode(c, 'RG');
    expect((await c.action('profile/identity-documents', { tipoDocumento: rg, paginas: [page(4096)] })).body).toEqual({ kind: 'field-errors', errors: { paginas: 'Envie as 2 páginas do documento (RG).' } });
    expect((await c.action('profile/identity-documents', { tipoDocumento: rg, paginas: ['data:image/gif;base64,R0lGOD', page(4096)] })).body.errors.paginas).toBe('Envie arquivos PDF, JPG ou PNG.');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'arquivos/v2' || call.path.startsWith('antifraude/analise-documento'))).toBe(false);
  });

  it('sends ana’s RG (2 pages) for analysis and, about 3 minutes later, shows it approved', async () => {
    const c = await as('ana');
    const sent = await c.action('profile/identity-documents', { tipoDocumento: await typeCode(c, 'RG'), paginas: [page(4096), page(5000)] });
    expect(sent.body).toEqual({ kind: 'navigate', to: '/perfil/validar-identificacao/analisando' });
    const calls = await stack.sandbox.calls();
    expect(calls.filter((call) => call.path === 'arquivos/v2')).toHaveLength(2);
    expect(calls.find((call) => call.path === 'antifraude/analise-documento/nl/solicitar')?.body).toMatchObject({ tipoDocumento: 'RG' });
    expect(screenText((await c.screen('/perfil/validar-identificacao/analisando', PHONE)).body)).toContain('Estamos conferindo seu documento.');
    await stack.sandbox.advanceClock(181);
    const done = await c.screen('/perfil/validar-identificacao/analisando', PHONE);
    expect(done.body).toMatchObject({ kind: 'redirect', to: '/perfil/validar-identificacao/aprovado' });
    expect(screenText((await c.screen(done.body.to)).body)).toContain('Sua identidade foi validada.');
  });

  it('asks for a new photo when the page cannot be read, and sends a refused customer to a branch', async () => {
    const c = await as('bruno');
    await c.action('profile/identity-documents', { tipoDocumento: await typeCode(c, 'CNH'), paginas: [page(500)] });
    await stack.sandbox.advanceClock(181);
    expect((await c.screen('/perfil/validar-identificacao/analisando', PHONE)).body.to).toBe('/perfil/validar-identificacao/problema');
    const helena = await as('helena');
    await helena.action('profile/identity-documents', { tipoDocumento: await typeCode(helena, 'CNH'), paginas: [page(4096)] });
    await stack.sandbox.advanceClock(181);
    expect((await helena.screen('/perfil/validar-identificacao/analisando', PHONE)).body.to).toBe('/perfil/validar-identificacao/agencia');
    expect(screenText((await helena.screen('/perfil/validar-identificacao/agencia')).body)).toContain('Leve um documento com foto a uma de nossas filiais');
  });

  it('asks a company for its partner’s document first', async () => {
    const c = await as('delta');
    expect((await c.screen('/perfil/validar-identificacao', PHONE)).body).toMatchObject({ kind: 'redirect', to: '/perfil/validar-identificacao/documento-parceiro' });
    const partner = await c.screen('/perfil/validar-identificacao/documento-parceiro');
    expect(screenText(partner.body)).toContain('envie o documento de um sócio ou do representante legal');
    expect(screenText((await c.screen('/perfil/validar-identificacao?parceiro=sim', PHONE)).body)).toContain('envie o documento do sócio ou representante legal');
  });
});
