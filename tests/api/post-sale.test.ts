import { beforeEach, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { callbacks, changeCase } from '../helpers/special-flows.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function igor() {
  const c = client(stack.baseUrl);
  await c.loginWithQuota('igor');
  return c;
}
type C = Awaited<ReturnType<typeof igor>>;
const homeCards = async (c: C) => findAll((await c.screen('/home')).body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('card-pos-venda')).map((n) => n.id);
const securityCalls = async () => (await stack.sandbox.calls()).filter((call) => call.path === 'core/pos-venda/validar-seguranca');

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearCalls();
});

describe('post-sale home card (doc 2 §4.7)', () => {
  it("shows igor the start card and the notification in phase 'e-mail enviado'", async () => {
    const c = await igor();
    const home = (await c.screen('/home')).body;
    expect(findAll(home.layout, (n) => n.id === 'card-pos-venda-iniciar')[0].action).toMatchObject({ label: 'Iniciar', action: { to: '/pos-venda' } });
    expect(screenText(home)).toContain('Enviamos para o seu e-mail as boas-vindas ao consórcio.');
  });

  it("hides the card in phase 'confirmação pendente' when the description starts with 'etapa 2', and for an unknown phase or a closed case", async () => {
    const c = await igor();
    await changeCase(stack, 'igor', '00411001', { fase: 'Confirmação Pendente', descricao: 'Etapa 1 - dados' });
    expect(await homeCards(c)).toEqual(['card-pos-venda-boletos']);
    await changeCase(stack, 'igor', '00411001', { descricao: 'Etapa 2 - boletos' });
    expect(await homeCards(c)).toEqual([]);
    await changeCase(stack, 'igor', '00411001', { fase: 'Informação de Lance', status: 'ESCALADO' });
    expect(await homeCards(c)).toEqual(['card-pos-venda-tipos-lance']);
    await changeCase(stack, 'igor', '00411001', { fase: 'Triagem em Andamento' });
    expect(await homeCards(c)).toEqual([]);
    await changeCase(stack, 'igor', '00411001', { fase: 'e-mail enviado', status: 'FECHADO' });
    expect(await homeCards(c)).toEqual([]);
  });
});

/** The 17 routes of doc 2 §2.8: the root and its 16. */
const ROUTES = [
  '/pos-venda',
  '/pos-venda/validacao-seguranca',
  '/pos-venda/dados-cadastrais',
  '/pos-venda/validar-renda',
  '/pos-venda/boletos',
  '/pos-venda/consorcio',
  '/pos-venda/contemplacao',
  '/pos-venda/entendimento',
  '/pos-venda/desvio-manual',
  '/pos-venda/venda',
  '/pos-venda/tipos-lance',
  '/pos-venda/beneficios-grupo',
  '/pos-venda/informacoes-finais',
  '/pos-venda/duvidas-gerais',
  '/pos-venda/final',
  '/pos-venda/dados-cadastrais-edicao',
  '/pos-venda/dados-cadastrais-token',
];

describe('post-sale journey (doc 2 §2.8)', () => {
  it('serves every route, and sends a customer without a post-sale case (ana) home from each', async () => {
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    for (const route of ROUTES) expect((await ana.screen(route)).body, route).toMatchObject({ kind: 'redirect', to: '/home' });
  });


  it('asks the security question before any later step, refuses an answer that is not a year without asking the back office', async () => {
    const c = await igor();
    expect((await c.screen('/pos-venda/boletos')).body).toMatchObject({ kind: 'redirect', to: '/pos-venda/validacao-seguranca' });
    expect(screenText((await c.screen('/pos-venda/validacao-seguranca')).body)).toContain('Em que ano você nasceu?');
    for (const ano of ['abcd', '85', '3000']) {
      expect((await c.action('post-sale/security', { ano })).body).toEqual({ kind: 'field-errors', errors: { ano: 'Informe um ano com 4 dígitos, por exemplo 1985.' } });
    }
    expect(await securityCalls()).toHaveLength(0);
  });

  it("blocks after two wrong answers ('Informação incorreta.' with the last-chance warning first) and takes the call-back with area code", async () => {
    const c = await igor();
    const first = (await c.action('post-sale/security', { ano: '1999' })).body;
    expect(first.errors).toEqual({ ano: 'Informação incorreta.' });
    expect(first.message).toContain('você tem mais uma tentativa');
    expect((await c.action('post-sale/security', { ano: '1998' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/desvio-manual?motivo=seguranca' });
    expect((await c.screen('/pos-venda')).body).toMatchObject({ kind: 'redirect', to: '/pos-venda/desvio-manual?motivo=seguranca' });
    // Even the right answer no longer opens the flow.
    expect((await c.action('post-sale/security', { ano: '2000' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/desvio-manual?motivo=seguranca' });
    expect(screenText((await c.screen('/pos-venda/desvio-manual?motivo=seguranca')).body)).toContain('Nossa equipe vai ligar para você');
    expect((await c.action('post-sale/callback', { telefone: '98777-8888', periodo: 'MANHA', motivo: 'SEGURANCA' })).body).toEqual({ kind: 'field-errors', errors: { telefone: 'Informe o telefone com DDD.' } });
    expect(await callbacks(stack)).toHaveLength(0);
    expect((await c.action('post-sale/callback', { telefone: '(85) 98777-8888', periodo: 'TARDE', motivo: 'SEGURANCA' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/desvio-manual?motivo=seguranca&enviado=1' });
    expect(await callbacks(stack)).toMatchObject([{ customer: 'igor', telefone: '85987778888', periodo: 'TARDE', motivo: 'SEGURANCA' }]);
  });

  it('walks the 13 steps with the right year, choosing slips by e-mail, and ends at home', async () => {
    const c = await igor();
    expect(screenText((await c.screen('/pos-venda')).body)).toContain('Passo 1 de 13');
    expect((await c.action('post-sale/advance', { passo: 'boas-vindas' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/validacao-seguranca' });
    expect((await c.action('post-sale/security', { ano: '2000' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/dados-cadastrais' });
    expect(screenText((await c.screen('/pos-venda/dados-cadastrais')).body)).toContain('igor.araujo@example.com.br');
    expect((await c.action('post-sale/advance', { passo: 'dados-cadastrais' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/consorcio' });
    expect((await c.action('post-sale/advance', { passo: 'consorcio' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/boletos' });
    expect((await c.action('post-sale/bills', { formaEnvio: 'EMAIL' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/contemplacao' });
    const steps = ['contemplacao', 'entendimento', 'venda', 'tipos-lance', 'beneficios-grupo', 'informacoes-finais', 'duvidas-gerais'];
    for (const [i, passo] of steps.entries()) {
      expect(screenText((await c.screen(`/pos-venda/${passo}`)).body)).toContain(`Passo ${i + 6} de 13`);
      expect((await c.action('post-sale/advance', { passo })).body.kind).toBe('navigate');
    }
    expect((await c.action('post-sale/advance', { passo: 'final' })).body).toEqual({ kind: 'snackbar', message: 'Jornada de boas-vindas concluída. Obrigado!', to: '/home' });
  });

  it('sends a "no" on understanding to the call-back channel with morning 08–13 or afternoon 13–19', async () => {
    const c = await igor();
    await c.action('post-sale/security', { ano: '2000' });
    const understanding = (await c.screen('/pos-venda/entendimento')).body;
    expect(findAll(understanding.layout, (n) => n.label === 'Não, quero falar com um especialista')[0].action.to).toBe('/pos-venda/desvio-manual?motivo=entendimento');
    const channel = findAll((await c.screen('/pos-venda/desvio-manual?motivo=entendimento')).body.layout, (n) => n.type === 'form')[0];
    expect(channel.uiSchema.periodo['ui:enumNames']).toEqual(['Manhã (08h às 13h)', 'Tarde (13h às 19h)']);
  });

  it('sends invalid documents to the call-back form', async () => {
    const c = await igor();
    await changeCase(stack, 'igor', '00411001', { documentosIlegiveis: ['RG'] });
    expect((await c.screen('/pos-venda')).body).toMatchObject({ kind: 'redirect', to: '/pos-venda/desvio-manual?motivo=documentos' });
  });
});
