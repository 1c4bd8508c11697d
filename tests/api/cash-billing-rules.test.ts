import { beforeEach, describe, expect, it } from 'vitest';
import { asCustomerWithFirstQuota, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { dataUrl, jpeg as jpegFile } from '../helpers/images.js';

const stack = useStack();

const as = (key: string, host?: string) => asCustomerWithFirstQuota(stack.baseUrl, key, host);

const pdf = `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32)]).toString('base64')}`;
const formOf = async (c: Awaited<ReturnType<typeof as>>['c'], path: string) => findAll((await c.screen(path)).body.layout, (n) => n.type === 'form')[0];

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearCalls();
});

describe('cash billing: who may start (doc 2 §4.4)', () => {
  it('excludes a quota contemplated with FGTS, on the screen and in the core system', async () => {
    const { c, idCota } = await as('nina');
    await stack.sandbox.setQuotaFlags(idCota, { lanceComFgts: true });
    const start = await c.screen('/faturamento/iniciar');
    expect(screenText(start.body)).toContain('Esta cota foi contemplada com uso do FGTS: o crédito não pode ser recebido em espécie.');
    expect(findAll(start.body.layout, (n) => n.type === 'form')).toHaveLength(0);
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body.message).toBe('Cotas contempladas com uso do FGTS não podem receber o crédito em espécie.');
  });

  it('sends a CPF/CNPJ with restriction code 27 to the restriction screen', async () => {
    const { c, idCota } = await as('nina');
    await stack.sandbox.setQuotaFlags(idCota, { codigoRestricao: 27 });
    expect((await c.screen('/faturamento/iniciar')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/cpfrestrito' });
    const restricted = screenText((await c.screen('/faturamento/cpfrestrito')).body);
    expect(restricted).toContain('CPF/CNPJ com restrição');
    expect(restricted).toContain('Falar com a central de atendimento');
    // The core system's answer to a start carries the code too.
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body).toEqual({ kind: 'navigate', to: '/faturamento/cpfrestrito' });
    // Another restriction code is not the restriction error: the start screen says the quota cannot bill.
    await stack.sandbox.setQuotaFlags(idCota, { codigoRestricao: 12 });
    expect((await c.screen('/faturamento/iniciar')).body.kind).toBe('screen');
  });

  it('tells tania her quota is paid off before the requirements', async () => {
    const { c } = await as('tania', `horizonte.localhost:${stack.port}`);
    // Her contemplated quota is a vehicle one: the start leads to the invoicing type, which tells her first.
    expect((await c.screen('/faturamento/iniciar')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/tipo' });
    expect((await c.screen('/faturamento/tipo')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/cotaquitada' });
    const paidOff = (await c.screen('/faturamento/cotaquitada')).body;
    expect(screenText(paidOff)).toContain('Sua cota está quitada');
    const next = findAll(paidOff.layout, (n) => n.type === 'button' && n.label === 'Continuar para o faturamento')[0];
    // Knowing it is paid off, she chooses how to bill the vehicle.
    expect((await c.screen(next.action.to)).body).toMatchObject({ kind: 'redirect', to: '/faturamento/tipo?quitada=ciente' });
  });
});

describe('cash billing: which quotas are checked (doc 2 §4.4)', () => {
  it('checks a contemplated real-estate quota without a process and shows the start card; never an auto quota or one not contemplated', async () => {
    const { c, idCota } = await as('nina');
    await stack.sandbox.removeCashBilling(idCota);
    await stack.sandbox.clearCalls();
    const home = await c.screen('/home');
    expect((await stack.sandbox.calls()).map((call) => call.path)).toContain('core/faturamento-credito/validar');
    const card = findAll(home.body.layout, (n) => n.type === 'card' && String(n.id).startsWith('card-especie'))[0];
    expect(card.action.action.to).toBe('/faturamento');
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/iniciar' });
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/introducao' });

    for (const key of ['ana', 'bruno']) {
      const other = (await as(key)).c;
      await stack.sandbox.clearCalls();
      await other.screen('/home');
      expect((await stack.sandbox.calls()).map((call) => call.path)).not.toContain('core/faturamento-credito/validar');
    }
  });
});

describe('cash billing: the CRM case (doc 1 §7)', () => {
  it('shows the CRM refusal when the composite create does not answer 200 or 201, and a second start opens the case without starting again', async () => {
    const { c } = await as('nina');
    await stack.sandbox.fault({ method: 'POST', path: 'salesforce/casos', status: 200, times: 1, body: { compositeResponse: [{ referenceId: 'caso', httpStatusCode: 400, body: [{ errorCode: 'REQUIRED_FIELD_MISSING', message: 'Campos obrigatórios ausentes: Type' }] }] } });
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body.message).toBe('Campos obrigatórios ausentes: Type');
    // The type is confirmed, the case is missing: the start screen offers to finish.
    expect(findAll((await c.screen('/faturamento/iniciar')).body.layout, (n) => n.type === 'form')).toHaveLength(1);
    await stack.sandbox.clearCalls();
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/introducao' });
    const paths = (await stack.sandbox.calls()).map((call) => call.path);
    expect(paths).not.toContain('core/faturamento-credito/iniciar');
    expect(paths).toContain('salesforce/casos');
  });

  it('hides the case number while the case is in screening, shows it otherwise; the in-progress case wins', async () => {
    const { c } = await as('delta');
    expect(screenText((await c.screen('/faturamentoespecie/centralcontemplacao')).body)).toContain('Protocolo do caso: 00430045');
    await stack.sandbox.addCase('delta', { numero: '00439999', tipo: 'Pagamento de Crédito em Espécie', status: 'EM_ANDAMENTO', fase: 'Triagem em Andamento', criadoHaDias: 0 });
    expect(screenText((await c.screen('/faturamentoespecie/centralcontemplacao')).body)).not.toContain('Protocolo do caso');
    // A newer closed case does not take over from the one in progress.
    await stack.sandbox.addCase('delta', { numero: '00440000', tipo: 'Pagamento de Crédito em Espécie', status: 'FECHADO', fase: 'Concluído', criadoHaDias: 0 });
    expect(screenText((await c.screen('/faturamentoespecie/centralcontemplacao')).body)).not.toContain('00440000');
  });

  it("ignores 'sua cota não possui processos' on the status load (home shows, /faturamento goes home) but not another refusal", async () => {
    const { c } = await as('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'core/faturamento-credito/status', status: 400, times: 2, body: { message: 'Sua cota NÃO possui processos' } });
    expect((await c.screen('/home')).body.kind).toBe('screen');
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: '/home' });
    await stack.sandbox.fault({ method: 'GET', path: 'core/faturamento-credito/status', status: 400, times: 1, body: { message: 'Cadastro bloqueado para consulta.' } });
    const refused = await c.screen('/faturamento');
    expect(refused.body).toMatchObject({ kind: 'error', message: 'Não foi possível concluir agora. Tente novamente em instantes.', retry: true });
  });
});

describe('cash billing: what the analysis asks back', () => {
  it('asks for a registration adjustment with the analyst’s answer, then the analysis runs again', async () => {
    const { c, idCota } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    await stack.sandbox.setCashBilling(idCota, 'ATUALIZAR_CADASTRO');
    await stack.sandbox.setQuotaFlags(idCota, { respostaAnalista: 'O endereço do cadastro difere do comprovante enviado.' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/centralcontemplacao');
    const centre = findAll((await c.screen('/faturamentoespecie/centralcontemplacao')).body.layout, (n) => n.type === 'card' && n.title === 'Ajuste cadastral')[0];
    expect(centre.action.action.to).toBe('/faturamentoespecie/ajustecadastral');
    const adjust = (await c.screen('/faturamentoespecie/ajustecadastral')).body;
    expect(screenText(adjust)).toContain('O endereço do cadastro difere do comprovante enviado.');
    expect(screenText(adjust)).toContain('Atualizar meus dados');
    expect((await c.action('cash-billing/registration-adjusted')).body).toEqual({ kind: 'navigate', to: '/faturamento' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/analisandoinformacoesinterna');
    expect((await c.action('cash-billing/registration-adjusted')).body.message).toBe('Não há ajuste cadastral pendente.');
  });

  it('asks additional documents from the income type’s full list and sends them for reanalysis', async () => {
    const { c, idCota } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    await c.action('cash-billing/income', { tipoRenda: 'locador', tipoDocumento: 'CNH' });
    await stack.sandbox.setCashBilling(idCota, 'DOCUMENTOS_ADICIONAIS_GRC');
    await stack.sandbox.setQuotaFlags(idCota, { respostaAnalista: 'Precisamos do carnê do IPTU do imóvel alugado.' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/reanalise');
    const reanalysis = screenText((await c.screen('/faturamentoespecie/reanalise')).body);
    expect(reanalysis).toContain('Precisamos do carnê do IPTU do imóvel alugado.');
    expect(reanalysis).toContain('Enviar documentos adicionais');
    expect(Object.keys((await formOf(c, '/faturamentoespecie/anexar-documentos')).schema.properties)).toEqual(['contratoLocacao', 'declaracaoIR', 'iptu']);
    expect((await c.action('cash-billing/documents', { contratoLocacao: [pdf], declaracaoIR: [pdf], iptu: [pdf] })).body).toEqual({ kind: 'navigate', to: '/faturamento' });
    expect((await stack.sandbox.calls()).map((call) => call.path)).toContain('antifraude/analise-documento/solicitar-reanalise');
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/analisandoinformacoes');
  });

  it('asks a company whether a new partner joined, and then the new partner’s documents too', async () => {
    const { c } = await as('delta');
    await c.action('cash-billing/documents', { contratoSocial: [pdf], comprovanteEndereco: [pdf] });
    // The refused documents were sent; a new round starts with the company's question.
    expect((await c.screen('/faturamentoespecie/anexar-documentos')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoespecie/identificacao' });
    expect(screenText((await c.screen('/faturamentoespecie/identificacao')).body)).toContain('Composição da empresa');
    const question = await formOf(c, '/faturamentoespecie/identificacao');
    expect(Object.keys(question.schema.properties)).toEqual(['novoSocio']);
    expect((await c.action('cash-billing/company-partners', {})).body.errors.novoSocio).toBe('Responda se entrou um novo sócio.');
    expect((await c.action('cash-billing/company-partners', { novoSocio: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/anexar-documentos' });
    expect(Object.keys((await formOf(c, '/faturamentoespecie/anexar-documentos')).schema.properties)).toEqual(['contratoSocial', 'documentoSocio', 'comprovanteEndereco', 'documentoNovoSocio', 'alteracaoContratual']);
  });

  it('moves the case like the back office: screening hides the number, an unreadable document comes back as pending, its resend is approved', async () => {
    const { c } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    await c.action('cash-billing/income', { tipoRenda: 'aposentado', tipoDocumento: 'CNH' });
    const tiny = `data:application/pdf;name=conta.pdf;base64,${Buffer.from('%PDF-1.7\n').toString('base64')}`;
    await c.action('cash-billing/documents', { documentoPessoal: [pdf], comprovanteResidencia: [tiny], cartaBeneficio: [pdf] });
    const jpeg = dataUrl('image/jpeg', jpegFile(2052), 'selfie.jpg');
    expect((await c.action('cash-billing/documents', { selfie: [jpeg] })).body).toEqual({ kind: 'navigate', to: '/faturamento' });
    // In screening the case number is not shown.
    expect(screenText((await c.screen('/faturamentoespecie/analisandoinformacoesinterna')).body)).not.toContain('Protocolo do caso');

    await stack.sandbox.advanceClock(48 * 3600);
    const later = (await as('nina')).c;
    expect((await later.screen('/faturamento')).body.to).toBe('/faturamentoespecie/documento-rejeitado');
    expect(screenText((await later.screen('/faturamentoespecie/documento-rejeitado')).body)).toContain('Comprovante de residência (até 60 dias)');
    // The phase changed: only the unreadable document is asked again.
    expect(Object.keys((await formOf(later, '/faturamentoespecie/anexar-documentos')).schema.properties)).toEqual(['comprovanteResidencia']);
    await stack.sandbox.clearCalls();
    expect((await later.action('cash-billing/documents', { comprovanteResidencia: [pdf] })).body).toEqual({ kind: 'navigate', to: '/faturamento' });
    expect((await stack.sandbox.calls()).map((call) => call.path)).toContain('antifraude/analise-documento/solicitar-reanalise');
    expect((await later.screen('/faturamento')).body.to).toBe('/faturamentoespecie/analisandoinformacoes');
    await stack.sandbox.advanceClock(48 * 3600);
    const approved = (await as('nina')).c;
    expect((await approved.screen('/faturamento')).body.to).toBe('/faturamentoespecie/centralcontemplacao');
    const centre = findAll((await approved.screen('/faturamentoespecie/centralcontemplacao')).body.layout, (n) => n.type === 'card' && n.title === 'Documentos')[0];
    expect(JSON.stringify(centre)).toContain('Concluído');
  });

  it('moves the payment on its clock: released after 24 hours, sent to the bank 24 hours later, each step closed on the timeline', async () => {
    const { c } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    await c.action('cash-billing/bank-data', { banco: '341', agencia: '1234', conta: '123456', tipoConta: 'CORRENTE' });
    await c.action('cash-billing/accept-term', { aceite: true });
    const timeline = async (client: typeof c) => findAll((await client.screen('/faturamentoespecie/acompanharpagamento')).body.layout, (n) => n.type === 'timeline')[0].steps.map((s: { title: string; status: string; statusText: string }) => [s.title, s.status, s.statusText]);
    expect(await timeline(c)).toEqual([['Pagamento solicitado', 'current', 'Em andamento']]);
    await stack.sandbox.advanceClock(24 * 3600);
    const next = (await as('nina')).c;
    expect(await timeline(next)).toEqual([['Pagamento solicitado', 'done', 'Concluído'], ['Pagamento liberado', 'current', 'Em andamento']]);
    await stack.sandbox.advanceClock(24 * 3600);
    const last = (await as('nina')).c;
    expect(await timeline(last)).toEqual([['Pagamento solicitado', 'done', 'Concluído'], ['Pagamento liberado', 'done', 'Concluído'], ['Pagamento enviado ao banco', 'done', 'Concluído']]);
    expect((await last.screen('/faturamento')).body.to).toBe('/faturamentoespecie/acompanharpagamento');
    expect(screenText((await last.screen('/faturamentoespecie/acompanharpagamento')).body)).toContain('O pagamento foi enviado ao seu banco.');
  });
});
