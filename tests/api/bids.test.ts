import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** Places an offer straight at the back office, as another channel (the branch) would. */
async function offerAtBackOffice(key: string): Promise<string> {
  const p = persona(key);
  const base = `${stack.sandbox.url}/app-cliente/v1`;
  const headers = { client_id: 'app-cliente-web', app_version: '1.70.00', platform: 'web' };
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { ...headers, authorization: `Basic ${Buffer.from('app-cliente-web:sandbox-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', idParceiro: String(p.partner), type: 'cpf', username: p.document, password: p.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const { data } = (await (await fetch(`${base}/cotas/simples`, { headers: { ...headers, access_token } })).json()) as { data: Array<{ idCota: number }> };
  const offer = await fetch(`${base}/cotas/${data[0]!.idCota}/credenciamento-lance`, {
    method: 'POST',
    headers: { ...headers, access_token, 'content-type': 'application/json' },
    body: JSON.stringify({ situacaoModalidade: 'LL', valorOferta: 21_000, numeroIP: '0.0.0.0', formaAcesso: 'SR', utilizaAntecipacao: false, quantidadeParcelaSubsequente: 0, identificador: `teste-${Date.now()}` }),
  });
  return ((await offer.json()) as { protocolo: string }).protocolo;
}

describe('bids', () => {
  it('shows ana the next assembly, that offers are open and her steps (keys, no FGTS, for an auto quota with option 003)', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const text = screenText((await c.screen('/offers-and-bids-introduction')).body);
    expect(text).toContain('As ofertas para a próxima assembleia estão abertas');
    expect(text).toContain('Tipo de lance → Lance embutido → Troca de chaves → Redução → Resumo → Confirmação');
    expect(text).toMatch(/14ª assembleia, em \d{2}\/\d{2}\/\d{4}/);
  });

  it('tells bruno the offers for his imovel quota are closed (assembly tomorrow) and shows FGTS among its steps', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('bruno');
    const text = screenText((await c.screen('/offers-and-bids-introduction')).body);
    expect(text).toContain('As ofertas de lance para a próxima assembleia estão encerradas');
    expect(text).toContain('Tipo de lance → Lance embutido → FGTS → Redução → Resumo → Confirmação');
  });

  it('refuses helena’s bid because her quota is cancelled (doc 1 §4), not with the assembly cut-off, and keeps her out of the wizard', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('helena');
    const text = screenText((await c.screen('/offers-and-bids-introduction')).body);
    expect(text).toContain('Não é possível oferecer lance: sua cota está cancelada.');
    expect(text).not.toContain('encerradas');
    expect(text).not.toContain('Fazer oferta');
    expect((await c.screen('/offers-and-bids')).body).toMatchObject({ kind: 'redirect', to: '/offers-and-bids-introduction' });
  });

  it('lists ana’s bids and cancels an active one after a confirmation', async () => {
    const protocolo = await offerAtBackOffice('ana');
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const history = await c.screen('/bid_history');
    expect(screenText(history.body)).toContain('Não contemplado');
    const [card] = findAll(history.body.layout, (n) => n.id === `lance-${protocolo}`);
    expect(screenText({ layout: [card] })).toContain('R$ 21.000,00');
    const cancel = findAll([card], (n) => n.type === 'button')[0];
    const modal = await c.action(cancel.action.action, cancel.action.payload);
    expect(modal.body.modal.title).toBe('Cancelar este lance?');
    const done = await c.action('bids/cancel', { protocolo });
    expect(done.body).toEqual({ kind: 'snackbar', message: 'Lance cancelado.', to: '/bid_history' });
    expect(screenText((await c.screen('/bid_history')).body)).toContain('Cancelado');
    // Cancelling it again (another tab) is the same cancellation: its answer, and nothing sent.
    expect((await c.action('bids/cancel', { protocolo })).body).toEqual(done.body);
    expect((await stack.sandbox.calls()).filter((call) => call.method === 'PUT' && call.path.endsWith(`cancelamento-lance/${protocolo}`))).toHaveLength(1);
    // A bid the back office no longer takes cancellations for: its words.
    const [earlier] = findAll((await c.screen('/bid_history')).body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('lance-') && n.id !== `lance-${protocolo}`);
    expect((await c.action('bids/cancel', { protocolo: earlier.id.slice('lance-'.length) })).body.message).toBe('Este lance não pode mais ser cancelado.');
  });
});

describe('offer wizard', () => {
  const step = (c: ReturnType<typeof client>, passo: string, fields: Record<string, unknown> = {}) => c.action('bids/step', { passo, ...fields });

  it('takes ana through type → builtin → keys → reduction → summary → confirmation with the spec’s messages on the way', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const first = await c.screen('/offers-and-bids');
    expect(findAll(first.body.layout, (n) => n.type === 'stepper')[0].steps.map((s: { label: string }) => s.label)).toEqual(['Tipo de lance', 'Lance embutido', 'Troca de chaves', 'Redução', 'Resumo', 'Confirmação']);

    const value = async (valor: string) => (await step(c, 'type', { modalidade: 'LL', tipoOferta: 'VL', valor })).body;
    expect(await value('')).toEqual({ kind: 'field-errors', errors: { valor: 'Insira algum valor.' } });
    expect(await value('abc')).toEqual({ kind: 'field-errors', errors: { valor: 'Informe um valor válido, como 1.234,56.' } });
    expect(await value('51.000,01')).toEqual({ kind: 'field-errors', errors: { valor: 'Este valor excede o lance máximo' } });
    expect(await value('4.249,99')).toEqual({ kind: 'field-errors', errors: { valor: 'Este valor é menor que o lance mínimo' } });
    expect(await value('20.000,00')).toEqual({ kind: 'navigate', to: '/offers-and-bids?passo=builtin' });

    expect(screenText((await c.screen('/offers-and-bids?passo=builtin')).body)).toContain('Você pode embutir até R$ 20.000,00 nesta oferta.');
    expect((await step(c, 'builtin', { valorLanceEmbutido: '21.250,01' })).body.errors.valorLanceEmbutido).toBe('Este valor excede o permitido.');
    expect((await step(c, 'builtin', { valorLanceEmbutido: '5.000,00' })).body.to).toBe('/offers-and-bids?passo=keys');
    expect((await step(c, 'keys', { trocaChaves: true })).body.to).toBe('/offers-and-bids?passo=reduction');
    expect((await step(c, 'reduction', { tipoAmortizacao: 'PRAZO' })).body.to).toBe('/offers-and-bids?passo=summary');
    const summary = screenText((await c.screen('/offers-and-bids?passo=summary')).body);
    expect(summary).toContain('R$ 20.000,00');
    expect(summary).toContain('R$ 5.000,00');
    expect(summary).toContain('Saldo devedor se contemplado');
    expect(summary).toContain('R$ 41.204,18');

    const confirm = () => c.agent.post('/api/actions/bids/confirm').set('x-requested-with', 'consorcio-app').set('content-type', 'application/json').set('idempotency-key', 'clique-duplo-1').send('{}');
    const [a, b] = [await confirm(), await confirm()];
    expect(a.body).toEqual({ kind: 'navigate', to: '/offers-and-bids?passo=confirmation', replace: true });
    expect(b.body.kind).toBe('navigate');
    const done = await c.screen('/offers-and-bids?passo=confirmation');
    const protocolo = findAll(done.body.layout, (n) => n.type === 'value')[0].text;
    expect(protocolo).toMatch(/^2026\d{6}$/);
    const offers = (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path.endsWith('/credenciamento-lance'));
    expect(offers.at(-1)?.body).toMatchObject({ valorOferta: 20000, valorLanceEmbutido: 5000, trocaChaves: true, formaAcesso: 'SR', numeroIP: '0.0.0.0', utilizaAntecipacao: false, quantidadeParcelaSubsequente: 0, lanceLivreAuto: true });
    const history = screenText((await c.screen('/bid_history')).body);
    expect(history.match(new RegExp(protocolo, 'g'))).toHaveLength(1);
  });

  it('skips both FGTS and keys on bruno’s servico quota', async () => {
    const c = client(stack.baseUrl);
    await c.login('bruno');
    const list = await c.screen('/groups-and-quotas');
    const servico = findAll(list.body.layout, (n) => n.type === 'card' && n.id?.startsWith('cota-')).find((n) => screenText({ layout: [n] }).includes('Serviço'));
    await c.action('quotas/select', servico.action.action.payload);
    const first = await c.screen('/offers-and-bids');
    expect(findAll(first.body.layout, (n) => n.type === 'stepper')[0].steps.map((s: { label: string }) => s.label)).toEqual(['Tipo de lance', 'Lance embutido', 'Redução', 'Resumo', 'Confirmação']);
    await step(c, 'type', { modalidade: 'LF' });
    expect((await step(c, 'builtin', {})).body.to).toBe('/offers-and-bids?passo=reduction');
  });
});

describe('offer wizard, more paths', () => {
  const step = (c: ReturnType<typeof client>, passo: string, fields: Record<string, unknown> = {}) => c.action('bids/step', { passo, ...fields });

  it('takes quintino’s imovel quota through FGTS: two conditions and a purpose from the spec’s list, and FGTS shown as a percentage of the bid', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('quintino');
    expect((await step(c, 'type', { modalidade: 'LL', tipoOferta: 'PE', valor: '20' })).body.to).toBe('/offers-and-bids?passo=builtin');
    expect((await step(c, 'builtin', {})).body.to).toBe('/offers-and-bids?passo=fgts');
    const fgts = findAll((await c.screen('/offers-and-bids?passo=fgts')).body.layout, (n) => n.id === 'lance-fgts')[0];
    // Doc 1 §5: the purpose is buying a property, buying land, renovating or building.
    expect(fgts.uiSchema.finalidade['ui:enumNames']).toEqual(['Comprar um imóvel', 'Comprar um terreno', 'Reformar', 'Construir']);
    expect(screenText((await c.screen('/offers-and-bids?passo=fgts')).body)).not.toContain('moradia');
    expect((await step(c, 'fgts', { valorFGTS: '10.000,00', trabalho3anos: true, semFinanciamentoSfh: true })).body.message).toBe('Para usar o FGTS, confirme as duas condições e escolha a finalidade.');
    expect((await step(c, 'fgts', { valorFGTS: '10.000,00', trabalho3anos: true, semFinanciamentoSfh: true, finalidade: 'MORADIA' })).body.errors.finalidade).toBe('Escolha uma das finalidades do FGTS.');
    expect((await step(c, 'fgts', { valorFGTS: '70.000,01', trabalho3anos: true, semFinanciamentoSfh: true, finalidade: 'COMPRA_TERRENO' })).body.errors.valorFGTS).toBe('Este valor excede o permitido.');
    expect((await step(c, 'fgts', { valorFGTS: '10.000,00', trabalho3anos: true, semFinanciamentoSfh: true, finalidade: 'CONSTRUCAO' })).body.to).toBe('/offers-and-bids?passo=reduction');
    expect(findAll((await c.screen('/offers-and-bids?passo=fgts')).body.layout, (n) => n.id === 'lance-fgts')[0].formData.finalidade).toBe('CONSTRUCAO');
    await step(c, 'reduction', { tipoAmortizacao: 'PARCELA' });
    const summary = screenText((await c.screen('/offers-and-bids?passo=summary')).body);
    expect(summary).toContain('R$ 70.000,00');
    expect(summary).toContain('R$ 10.000,00 (14,29%)');
    expect(summary).toContain('Reduzir a parcela');
  });

  it('shows the first upstream notification when no protocol comes back, keeping the answers', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await step(c, 'type', { modalidade: 'LL', tipoOferta: 'VL', valor: '10.000,00' });
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', status: 200, times: 1, body: { notificacoes: [{ mensagem: 'Limite de ofertas atingido para esta assembleia.' }] } });
    const res = await c.action('bids/confirm');
    await stack.sandbox.clearFaults();
    expect(res.body).toMatchObject({ kind: 'error', message: 'Limite de ofertas atingido para esta assembleia.' });
    expect(screenText((await c.screen('/offers-and-bids?passo=summary')).body)).toContain('R$ 10.000,00');
  });

  it('repeats an earlier bid by prefilling the wizard', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const history = await c.screen('/bid_history');
    const repeat = findAll(history.body.layout, (n) => n.type === 'button' && n.label === 'Repetir esta oferta')[0];
    expect((await c.action('bids/repeat', repeat.action.payload)).body).toEqual({ kind: 'navigate', to: '/offers-and-bids?passo=type' });
    const form = findAll((await c.screen('/offers-and-bids?passo=type')).body.layout, (n) => n.type === 'form')[0];
    expect(form.formData.valor).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  });
});
