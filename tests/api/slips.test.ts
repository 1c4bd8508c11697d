import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

type Client = ReturnType<typeof client>;

async function as(key: string, host?: string): Promise<Client> {
  const c = client(stack.baseUrl, host);
  await c.loginWithQuota(key);
  return c;
}

/** The "Gerar boleto" button of the first instalment card on /boletos. */
async function generateButton(c: Client, filtro = 'todos') {
  const hub = await c.screen(`/boletos?filtro=${filtro}`);
  return findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
}

async function formOf(c: Client, path: string, id: string) {
  const screen = await c.screen(path);
  return findAll(screen.body.layout, (n) => n.type === 'form' && n.id === id)[0];
}

describe('slips', () => {
  it('lists ana’s two open instalments under all and due, none under late', async () => {
    const c = await as('ana');
    const all = screenText((await c.screen('/boletos')).body);
    expect(all.match(/Parcela \d+/g)).toEqual(['Parcela 13', 'Parcela 14']);
    expect(screenText((await c.screen('/boletos?filtro=avencer')).body).match(/Parcela \d+/g)).toHaveLength(2);
    const late = await c.screen('/boletos?filtro=vencidos');
    expect(screenText(late.body)).not.toMatch(/Parcela \d+/);
    expect(screenText(late.body)).toContain('Mostrando: Vencidos');
    expect(findAll(late.body.layout, (n) => n.id === 'parcelas')[0].emptyText).toBe('Nenhuma parcela em aberto neste filtro.');
    expect(screenText(late.body)).not.toContain('Renegociar parcelas em atraso');
  });

  it('generates ana’s slip once even when the button is pressed twice, with value, due date, line and barcode', async () => {
    const c = await as('ana');
    const button = await generateButton(c);
    const [first, second] = await Promise.all([c.action('slips/generate', button.action.payload), c.action('slips/generate', button.action.payload)]);
    expect(first.body.kind).toBe('navigate');
    expect(second.body.to).toBe(first.body.to);
    const calls = (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path.endsWith('/cobrancas/boleto'));
    // One slip, issued under the server's own listing of the quota (never a process the page names).
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ identificadorProcesso: expect.stringMatching(/^[0-9a-f]{16}$/), cobrancas: [button.action.payload.cobranca] });
    const slip = await c.screen(first.body.to);
    const text = screenText(slip.body);
    expect(text).toMatch(/R\$ \d{1,3}(\.\d{3})*,\d{2}\nValor/);
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}\nVencimento/);
    const line = findAll(slip.body.layout, (n) => n.id === 'linha-digitavel')[0].text as string;
    expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const copy = findAll(slip.body.layout, (n) => n.id === 'copiar-linha')[0];
    expect(copy.action).toMatchObject({ type: 'copy', text: line.replace(/\D/g, ''), message: 'Linha digitável copiada.' });
    const barcode = findAll(slip.body.layout, (n) => n.id === 'codigo-de-barras')[0];
    expect(Buffer.from(barcode.src.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('streams the PDF through the server with the session; no token in the link', async () => {
    const c = await as('ana');
    const generated = await c.action('slips/generate', (await generateButton(c)).action.payload);
    const slip = await c.screen(generated.body.to);
    const download = findAll(slip.body.layout, (n) => n.id === 'baixar-pdf')[0].action;
    expect(download.href).toMatch(/^\/api\/arquivos\/boletos\/\d+$/);
    const pdf = await c.agent.get(download.href).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await client(stack.baseUrl).agent.get(download.href)).status).toBe(401);
    expect((await c.agent.get('/api/arquivos/boletos/999999')).status).toBe(404);
  });

  it('e-mails the slip to a list of names and e-mails, and says so when sending fails', async () => {
    const c = await as('ana');
    const generated = await c.action('slips/generate', (await generateButton(c)).action.payload);
    const boleto = new URL(generated.body.to, 'http://x').searchParams.get('boleto');
    const sent = await c.action('slips/email', { boleto, destinatarios: [{ nome: 'Ana', email: 'ana.lima@example.com.br' }, { nome: 'Contador', email: 'contador@example.com.br' }] });
    expect(sent.body).toEqual({ kind: 'snackbar', message: 'Boleto enviado por e-mail.' });
    expect((await stack.sandbox.outbox()).map((m) => m.to)).toEqual(expect.arrayContaining(['ana.lima@example.com.br', 'contador@example.com.br']));
    const bad = await c.action('slips/email', { boleto, destinatarios: [{ nome: '', email: 'nao-e-email' }] });
    expect(bad.body.kind).toBe('field-errors');
    await stack.sandbox.fault({ method: 'POST', path: `cotas/*`, status: 400, times: 1 });
    const failed = await c.action('slips/email', { boleto, destinatarios: [{ nome: 'Ana', email: 'ana.lima@example.com.br' }] });
    expect(failed.body).toMatchObject({ kind: 'error', message: 'Não foi possível enviar o boleto por e-mail. Tente novamente.' });
  });

  it('says ‘Desculpe, não foi possível gerar o boleto.’ when the back office refuses, and the system error when it is down', async () => {
    // No slip of ana's was issued yet (one issued is answered again, not asked for).
    await stack.sandbox.reset();
    const c = await as('ana');
    const button = await generateButton(c);
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', status: 400, times: 1 });
    expect((await c.action('slips/generate', button.action.payload)).body).toMatchObject({ kind: 'error', message: 'Desculpe, não foi possível gerar o boleto.' });
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', status: 503, times: 1 });
    expect((await c.action('slips/generate', button.action.payload)).body).toMatchObject({ kind: 'error', message: 'Erro de sistema. Tente novamente em instantes.', retry: true });
  });

  it('shows a paid slip as paid, and an unknown slip or instalment as not found', async () => {
    const c = await as('ana');
    const generated = await c.action('slips/generate', (await generateButton(c)).action.payload);
    const boleto = new URL(generated.body.to, 'http://x').searchParams.get('boleto')!;
    await stack.sandbox.paySlip(boleto);
    const redirect = await c.screen(`/boletos/boletogerado?boleto=${boleto}`);
    expect(redirect.body).toMatchObject({ kind: 'redirect', to: `/boletos/boletopago?boleto=${boleto}` });
    expect(screenText((await c.screen(redirect.body.to)).body)).toContain('Este boleto já foi pago. Obrigado!');
    expect(screenText((await c.screen('/boletos/boletogerado?boleto=424242')).body)).toContain('Boleto não encontrado.');
    expect(screenText((await c.screen('/boletos/boletogerado?boleto=../../x')).body)).toContain('Boleto não encontrado.');
    expect(screenText((await c.screen('/boletos/composicao?parcela=nada')).body)).toContain('Parcela não encontrada.');
  });

  it('shows the bill breakdown of an instalment', async () => {
    await stack.sandbox.reset();
    const c = await as('ana');
    const hub = await c.screen('/boletos');
    const link = findAll(hub.body.layout, (n) => n.label === 'Ver composição')[0].action.to;
    const text = screenText((await c.screen(link)).body);
    for (const label of ['Emissão', 'Valor mínimo a pagar', 'Próxima assembleia', 'Valor da parcela', 'Próximo reajuste', 'Número da parcela: 13', 'Parcelas pagas: 12', 'Parcelas em atraso: 0', 'Prazo do grupo: 72 meses', 'Crédito original: R$ 85.000,00', 'Taxa de administração', 'Fundo de reserva', 'Fundo comum', 'Diferença de parcela', 'Seguro de vida']) {
      expect(text).toContain(label);
    }
  });

  it('pays off a quota: the value first, then the payoff slip', async () => {
    const c = await as('ana');
    const quote = await c.action('slips/payoff-quote');
    expect(quote.body.modal.title).toBe('Quitar a cota');
    expect(screenText({ layout: quote.body.modal.body })).toContain('R$ ');
    const slip = await c.action('slips/payoff');
    expect(screenText((await c.screen(slip.body.to)).body)).toContain('Quitação da cota');
  });

  it('sends tania (paid-off quota) to the paid-off screen', async () => {
    const c = await as('tania', `horizonte.localhost:${stack.port}`);
    const hub = await c.screen('/boletos');
    expect(hub.body).toMatchObject({ kind: 'redirect', to: '/boletos/cotaquitada' });
    expect(screenText((await c.screen('/boletos/cotaquitada')).body)).toContain('Sua cota está quitada: não há boletos a pagar.');
  });

  it('locks the slip-delivery preference for 24 hours and says when it can change next', async () => {
    const c = await as('bruno');
    expect(screenText((await c.screen('/boletos/recebimentodeboleto')).body)).toContain('Por e-mail\nForma atual');
    expect((await c.action('slips/delivery', { formaEnvio: 'CORREIO' })).body.kind).toBe('snackbar');
    const locked = screenText((await c.screen('/boletos/recebimentodeboleto')).body);
    expect(locked).toContain('Pelos Correios\nForma atual');
    expect(locked).toMatch(/Poderá alterar de novo a partir de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./);
    expect(await formOf(c, '/boletos/recebimentodeboleto', 'form-recebimento')).toBeUndefined();
    expect((await c.action('slips/delivery', { formaEnvio: 'EMAIL' })).body.message).toBe('A forma de envio só pode ser alterada 24 horas após a última alteração.');
    expect((await c.action('slips/delivery', { formaEnvio: 'POMBO' })).body.kind).toBe('field-errors');
    await stack.sandbox.advanceClock(24 * 3600 + 120);
    const nextDay = await as('bruno'); // a day later the upstream session has long expired
    expect(await formOf(nextDay, '/boletos/recebimentodeboleto', 'form-recebimento')).toBeDefined();
    expect((await nextDay.action('slips/delivery', { formaEnvio: 'EMAIL' })).body.kind).toBe('snackbar');
  });
});

describe('unification (carla, two quotas)', () => {
  it('generates one slip for the on-time instalments of both quotas and refuses a late one among them', async () => {
    await stack.sandbox.reset();
    const c = await as('carla');
    expect(screenText((await c.screen('/boletos/unificarparcelas')).body)).toContain('Você tem 1 outra cota com parcelas');
    const form = await formOf(c, '/boletos/unificarparcelas/selecionarcotas', 'form-parcelas');
    const ids: string[] = form.schema.properties.parcelas.items.enum;
    const labels: string[] = form.uiSchema.parcelas.items['ui:enumNames'];
    expect(ids).toHaveLength(4);
    const late = ids.filter((_, i) => labels[i]!.includes('(vencida)'));
    const onTime = ids.filter((id) => !late.includes(id));
    expect(late).toHaveLength(2);
    const payload = form.submit.action.payload;
    const mixed = await c.action('slips/generate-marked', { ...payload, parcelas: [...onTime, late[0]] });
    expect(mixed.body).toEqual({ kind: 'field-errors', errors: { parcelas: 'Parcelas vencidas não podem ser agrupadas com parcelas em dia. Gere um boleto para as vencidas e outro para as que estão em dia.' } });
    // The back office refuses too, whatever the page claims.
    const forged = await c.action('slips/generate-marked', { ...payload, atrasadas: [], parcelas: [...onTime, late[0]] });
    expect(forged.body.errors.parcelas).toBe('Parcelas em atraso não podem ser agrupadas com parcelas em dia.');
    // What that attempt marked was unmarked again (desmarcar), so the listing is as it was.
    const unmarked = (await stack.sandbox.calls()).filter((call) => call.path.endsWith('/segunda-via/desmarcar')).map((call) => call.body?.identificadorCobranca);
    expect(unmarked).toEqual(onTime);
    const fresh = await formOf(c, '/boletos/unificarparcelas/selecionarcotas', 'form-parcelas');
    const done = await c.action('slips/generate-marked', { ...fresh.submit.action.payload, parcelas: onTime });
    expect(done.body.kind).toBe('navigate');
    const marks = (await stack.sandbox.calls()).filter((call) => call.path.endsWith('/segunda-via/marcar'));
    expect(marks.slice(-2).map((call) => call.body?.identificadorCobranca)).toEqual(onTime);
    expect(screenText((await c.screen(done.body.to)).body)).toMatch(/Parcela 10, Parcela 10/);
  });
});

describe('renegotiation (carla)', () => {
  it('renegotiates her two late instalments: intro → available → summary → success', async () => {
    await stack.sandbox.reset();
    const c = await as('carla');
    const hub = screenText((await c.screen('/boletos')).body);
    expect(hub).toContain('Renegociar parcelas em atraso');
    const intro = screenText((await c.screen('/boletos/renegociar/introducao')).body);
    expect(intro).toContain('Depois da renegociação, sua cota volta a participar das assembleias somente se a próxima parcela for paga até o vencimento. Caso contrário, a renegociação é desfeita e a cota pode ser cancelada.');
    expect(intro).toContain('Ver parcelas em atraso');
    const form = await formOf(c, '/boletos/renegociar/parcelasdisponiveis', 'form-renegociar');
    const ids: string[] = form.schema.properties.parcelas.items.enum;
    expect(ids).toHaveLength(2);
    expect(form.schema.properties.parcelas.maxItems).toBe(2);
    expect((await c.action('renegotiation/select', { parcelas: [...ids, 'outra'] })).body).toEqual({ kind: 'field-errors', errors: { parcelas: 'Selecione no máximo 2 parcelas por renegociação.' } });
    expect((await c.action('renegotiation/select', { parcelas: [] })).body.errors.parcelas).toBe('Selecione ao menos uma parcela.');
    expect((await c.action('renegotiation/select', { parcelas: ids })).body).toEqual({ kind: 'navigate', to: '/boletos/renegociar/resumo' });
    const summary = screenText((await c.screen('/boletos/renegociar/resumo')).body);
    expect(summary).toMatch(/R\$ [\d.]+,\d{2}\nValor renegociado/);
    expect(summary).toContain('Pague normalmente até o vencimento:');
    const done = await c.action('renegotiation/confirm');
    expect(done.body.to).toMatch(/^\/boletos\/renegociar\/sucesso\?protocolo=RN/);
    expect(screenText((await c.screen(done.body.to)).body)).toContain('Pronto! Suas parcelas foram renegociadas.');
    expect((await stack.sandbox.calls()).some((call) => call.method === 'POST' && call.path === 'confirmar-renegociacao')).toBe(true);
    expect(screenText((await c.screen('/boletos/renegociar/introducao')).body)).toContain('Não há parcelas em atraso para renegociar.');
  });

  it('refuses a fourth renegotiation in the plan and a plan with only 2 paid instalments, saying why', async () => {
    await stack.sandbox.reset();
    const c = await as('carla');
    await stack.sandbox.setPlan('carla', { renegociacoes: 3 });
    const fourth = screenText((await c.screen('/boletos/renegociar/introducao')).body);
    expect(fourth).toContain('O limite de 3 renegociações no plano foi atingido.');
    expect(fourth).not.toContain('Ver parcelas em atraso');
    await stack.sandbox.setPlan('carla', { renegociacoes: 2, parcelasPagas: 2 });
    expect(screenText((await c.screen('/boletos/renegociar/introducao')).body)).toContain('A renegociação só é possível depois de pagas as 3 primeiras parcelas.');
    await stack.sandbox.setPlan('carla', { renegociacoes: 2, parcelasPagas: 3 });
    expect(screenText((await c.screen('/boletos/renegociar/introducao')).body)).toContain('Ver parcelas em atraso');
  });

  it('sends the summary back to the selection when nothing is selected', async () => {
    const c = await as('ana');
    expect((await c.screen('/boletos/renegociar/resumo')).body).toMatchObject({ kind: 'redirect', to: '/boletos/renegociar/parcelasdisponiveis' });
  });
});
