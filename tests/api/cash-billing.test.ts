import { describe, expect, it } from 'vitest';
import { asCustomerWithFirstQuota, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { dataUrl, jpeg as jpegFile } from '../helpers/images.js';

const stack = useStack();

const STATUSES = [
  'TRATATIVA_NAO_INICIADA', 'AGUARDANDO_LIBERACAO', 'AGUARDANDO_APROVACAO', 'PENDENCIA_CLIENTE', 'RETORNO_BRSCAN', 'AGUARDANDO_ATUALIZACAO_NEWCON',
  'ANALISE_GRC', 'DOCUMENTO_RECUSADO', 'REANALISE_BRSCAN', 'ATUALIZAR_CADASTRO', 'AGUARDANDO_PAGAMENTO', 'SUSPEITA_FRAUDE', 'DOCUMENTOS_ADICIONAIS_GRC',
  'PRAZO_FINALIZADO', 'BRSCAN_EM_ANDAMENTO', 'CADASTRO_APROVADO', 'PAGAMENTO_ENVIADO', 'PAGAMENTO_LIBERADO', 'ANALISE_FATURAMENTO', 'PAGAMENTO_ESTORNADO',
  'REPROCESSAR_PAGAMENTO', 'REPROCESSAMENTO_MANUAL', 'PAGAMENTO_REPROCESSADO',
];

const as = (key: string) => asCustomerWithFirstQuota(stack.baseUrl, key);

describe('cash-credit billing: the status → screen table is what the customer gets', () => {
  for (const status of STATUSES) {
    it(`${status} → the screen of the definitions`, async () => {
      const { c, idCota } = await as('nina');
      await stack.sandbox.setCashBilling(idCota, status, status === 'TRATATIVA_NAO_INICIADA' ? false : true);
      const expected = stack.app.flows.decide('cash-billing-screen', { status, caseExists: status !== 'TRATATIVA_NAO_INICIADA' }).outcome;
      const answer = await c.screen('/faturamento');
      expect(answer.body).toMatchObject({ kind: 'redirect', to: expected });
      const screen = await c.screen(String(expected));
      expect(screen.body.kind).toBe('screen');
    });
  }
});

describe('cash-credit billing flow', () => {
  it('lets nina start from TRATATIVA_NAO_INICIADA, fill her bank data, accept the term once and follow the payment', async () => {
    await stack.sandbox.reset();
    const { c } = await as('nina');
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamento/iniciar');
    expect(screenText((await c.screen('/faturamento/iniciar')).body)).toContain('Receber o crédito em espécie');
    expect((await c.action('cash-billing/start')).body.errors.confirmaTipo).toBe('Para continuar, confirme o tipo de faturamento.');
    await stack.sandbox.clearCalls();
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/introducao' });
    // The core system starts the process, then the app opens the CRM case: account id, composite create on v43.0.
    const calls = await stack.sandbox.calls();
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf('core/faturamento-credito/iniciar')).toBeLessThan(paths.indexOf('salesforce/casos'));
    expect(paths.indexOf('salesforce/consulta/accountid')).toBeLessThan(paths.indexOf('salesforce/casos'));
    const create = calls.find((call) => call.path === 'salesforce/casos')!.body as { compositeRequest: Array<{ url: string; body: Record<string, unknown> }> };
    expect(create.compositeRequest[0]!.url).toContain('/v43.0/');
    expect(create.compositeRequest[0]!.body).toMatchObject({ Type: 'Pagamento de Crédito em Espécie', Cota__r: { IdExterno__c: expect.any(String) } });
    expect(screenText((await c.screen('/faturamentoespecie/introducao')).body)).toContain('Como funciona o crédito em espécie');
    const centre = screenText((await c.screen('/faturamentoespecie/centralcontemplacao')).body);
    expect(centre).toContain('Dados bancários');
    expect(centre).toMatch(/Protocolo do caso: 0005\d{4}/);
    // Confirmed once: the start screen now leads to the centre and starting again changes nothing.
    expect((await c.screen('/faturamento/iniciar')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoespecie/centralcontemplacao' });

    const bank = { banco: '341', agencia: '1234', conta: '123456', tipoConta: 'CORRENTE' };
    expect((await c.action('cash-billing/bank-data', { ...bank, conta: '12345-6' })).body.errors.conta).toBe('Informe a conta com o dígito, só números, sem barra nem hífen.');
    expect((await c.action('cash-billing/bank-data', { ...bank, titularDocumento: '66115750903' })).body.kind).toBe('field-errors');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'core/faturamento-credito/atualizar')).toBe(false);
    expect((await c.action('cash-billing/bank-data', bank)).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/termodeautorizacao' });

    const term = screenText((await c.screen('/faturamentoespecie/termodeautorizacao')).body);
    for (const part of ['Nina Rodrigues Prado', 'Valor do bem: R$ 280.000,00', 'Grupo: 002345', 'Cota: 0250', '341 · agência 1234 · conta 123456 (corrente)']) expect(term).toContain(part);
    expect((await c.action('cash-billing/accept-term', {})).body.kind).toBe('field-errors');
    expect((await c.action('cash-billing/accept-term', { aceite: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/acompanharpagamento' });
    const follow = await c.screen('/faturamentoespecie/acompanharpagamento');
    const timeline = findAll(follow.body.layout, (n) => n.type === 'timeline')[0];
    expect(timeline.steps[0]).toEqual({ when: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/), title: 'Pagamento solicitado', status: 'current', statusText: 'Em andamento' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/acompanharpagamento');

    expect(screenText((await c.screen('/faturamentoespecie/termodeautorizacao')).body)).toMatch(/Termo aceito em \d{2}\/\d{2}\/\d{4}/);
    expect(screenText((await c.screen('/faturamentoespecie/dadosbancarios')).body)).toContain('os dados bancários não podem mais ser alterados');
    expect((await c.action('cash-billing/bank-data', { ...bank, conta: '654321' })).body.message).toBe('O termo de autorização já foi aceito: os dados bancários não podem mais ser alterados.');
  });

  it('sends delta (PENDENCIA_CLIENTE) to the rejected documents', async () => {
    const { c } = await as('delta');
    const answer = await c.screen('/faturamento');
    expect(answer.body.to).toBe('/faturamentoespecie/documento-rejeitado');
    expect(screenText((await c.screen(answer.body.to)).body)).toContain('Documentos recusados');
  });

  it('does not start cash billing for an auto quota, saying why; without a process the flow screens go back', async () => {
    const { c } = await as('ana');
    const start = await c.screen('/faturamento/iniciar');
    expect(screenText(start.body)).toContain('O faturamento em espécie é só para cotas de imóvel ou de serviço.');
    expect(findAll(start.body.layout, (n) => n.type === 'form')).toHaveLength(0);
    await stack.sandbox.clearCalls();
    expect((await c.action('cash-billing/start', { confirmaTipo: true })).body.message).toBe('Somente cotas de imóvel ou serviço faturam em espécie.');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'salesforce/casos')).toBe(false);
    for (const path of ['/faturamentoespecie/centralcontemplacao', '/faturamentoespecie/dadosbancarios', '/faturamentoespecie/termodeautorizacao', '/faturamentoespecie/acompanharpagamento']) {
      expect((await c.screen(path)).body).toMatchObject({ kind: 'redirect', to: '/faturamento' });
    }
  });
});

describe('cash-billing documents', () => {
  const pdf = (size = 2048) => `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 32)]).toString('base64')}`;
  const renamed = `data:application/pdf;name=falso.pdf;base64,${Buffer.from('só texto com nome de pdf').toString('base64')}`;

  it('shows delta the refused documents and takes them again, refusing size, type and a renamed non-PDF before anything goes upstream', async () => {
    await stack.sandbox.reset();
    const { c } = await as('delta');
    const rejected = screenText((await c.screen('/faturamentoespecie/documento-rejeitado')).body);
    expect(rejected).toContain('Contrato social e última alteração');
    expect(rejected).toContain('Comprovante de endereço da empresa (até 60 dias)');
    const form = findAll((await c.screen('/faturamentoespecie/anexar-documentos')).body.layout, (n) => n.type === 'form')[0];
    expect(Object.keys(form.schema.properties)).toEqual(['contratoSocial', 'comprovanteEndereco']);
    for (const field of Object.values(form.schema.properties) as Array<{ title: string; errorMessage: string }>) {
      expect(field.title).toBeTruthy();
      expect(field.errorMessage).toBe('Todos os arquivos são obrigatórios');
    }
    await stack.sandbox.clearCalls();
    const refused = await c.action('cash-billing/documents', { contratoSocial: [renamed], comprovanteEndereco: [pdf(6 * 1024 * 1024)] });
    expect(refused.body).toEqual({
      kind: 'field-errors',
      errors: { contratoSocial: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!', comprovanteEndereco: 'Um ou mais arquivos são maior que o permitido' },
    });
    expect((await c.action('cash-billing/documents', { contratoSocial: [pdf(), pdf(), pdf()], comprovanteEndereco: [] })).body.errors).toEqual({
      contratoSocial: 'Somente 2 arquivos neste campo.',
      comprovanteEndereco: 'Todos os arquivos são obrigatórios',
    });
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]).toString('base64')}`;
    expect((await c.action('cash-billing/documents', { contratoSocial: [png], comprovanteEndereco: [pdf()] })).body.errors.contratoSocial).toBe('O formato do arquivo utilizado não atende o requisito, por favor verifique!');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'arquivos/v2')).toBe(false);

    const sent = await c.action('cash-billing/documents', { contratoSocial: [pdf(), pdf()], comprovanteEndereco: [pdf()] });
    expect(sent.body).toEqual({ kind: 'navigate', to: '/faturamento' });
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'arquivos/v2')).toHaveLength(3);
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/analisandoinformacoes-pj');
  });
});

describe('reversed payment', () => {
  it('offers nina to redo her bank data with the probable causes, then asks the payment again', async () => {
    await stack.sandbox.reset();
    const { c, idCota } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    await c.action('cash-billing/bank-data', { banco: '341', agencia: '1234', conta: '123456', tipoConta: 'CORRENTE' });
    await c.action('cash-billing/accept-term', { aceite: true });
    expect((await c.screen('/faturamentoespecie/dadosbancariosestorno')).body).toMatchObject({ kind: 'redirect', to: '/faturamento' });
    await stack.sandbox.setCashBilling(idCota, 'PAGAMENTO_ESTORNADO');
    const returned = findAll((await c.screen('/faturamentoespecie/acompanharpagamento')).body.layout, (n) => n.type === 'timeline')[0];
    expect(returned.steps.at(-1)).toMatchObject({ title: 'Pagamento estornado pelo banco', status: 'error', statusText: 'Não concluído' });
    const card = findAll((await c.screen('/home')).body.layout, (n) => n.id === 'card-especie-pagamento-estornado')[0];
    expect(card.action.action.to).toBe('/faturamentoespecie/dadosbancariosestorno');
    const redo = await c.screen(card.action.action.to);
    expect(screenText(redo.body)).toContain('Causas prováveis: conta bancária inválida ou incorreta, ou CPF/CNPJ do favorecido inválido.');
    const form = findAll(redo.body.layout, (n) => n.type === 'form')[0];
    expect(form.submit.action.payload).toEqual({ estorno: true });
    const done = await c.action('cash-billing/bank-data', { banco: '001', agencia: '4321', conta: '998877', tipoConta: 'POUPANCA', estorno: true });
    expect(done.body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/acompanharpagamento' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/acompanharpagamento');
    expect(screenText((await c.screen('/faturamentoespecie/termodeautorizacao')).body)).toContain('001 · agência 4321 · conta 998877 (poupança)');
  });
});

describe('documents by income type, with saved progress', () => {
  const pdf = `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32)]).toString('base64')}`;
  const fields = async (c: Awaited<ReturnType<typeof as>>['c']) => {
    const form = findAll((await c.screen('/faturamentoespecie/anexar-documentos')).body.layout, (n) => n.type === 'form')[0];
    return Object.keys(form.schema.properties);
  };

  it('asks nina (retired) for her documents by income type, the selfie only after the personal document, keeping progress on the case for another device', async () => {
    await stack.sandbox.reset();
    const { c } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    expect((await c.screen('/faturamentoespecie/anexar-documentos')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoespecie/identificacao' });
    const bad = await c.action('cash-billing/income', { tipoRenda: 'astronauta' });
    expect(bad.body.errors).toEqual({ tipoRenda: 'Escolha a sua fonte de renda.', tipoDocumento: 'Escolha o documento de identidade.' });
    expect((await c.action('cash-billing/income', { tipoRenda: 'aposentado', tipoDocumento: 'RG' })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/anexar-documentos' });
    const update = (await stack.sandbox.calls()).filter((call) => call.path.startsWith('salesforce/contemplacao/casos/')).at(-1);
    expect(update?.body).toMatchObject({ Origin: 'APP' });
    expect(JSON.parse((update?.body as { DadosApp__c: string }).DadosApp__c)).toEqual({ enviados: [], arquivos: [], fase: 'Tratativa não Iniciada', tipoRenda: 'aposentado', tipoDocumento: 'RG' });

    const phone = (await as('nina')).c;
    const again = findAll((await phone.screen('/faturamentoespecie/identificacao')).body.layout, (n) => n.type === 'form')[0];
    expect(again.formData).toEqual({ tipoRenda: 'aposentado', tipoDocumento: 'RG' });
    expect(await fields(phone)).toEqual(['documentoPessoal', 'comprovanteResidencia', 'cartaBeneficio']);
    // An RG has two pages: one file is refused with the page rule, nothing goes upstream.
    await stack.sandbox.clearCalls();
    expect((await phone.action('cash-billing/documents', { documentoPessoal: [pdf], comprovanteResidencia: [pdf], cartaBeneficio: [pdf] })).body.errors).toEqual({ documentoPessoal: 'Envie as 2 páginas do documento (RG).' });
    expect((await stack.sandbox.calls()).some((call) => call.path === 'arquivos/v2')).toBe(false);
    expect((await phone.action('cash-billing/documents', { documentoPessoal: [pdf, pdf], comprovanteResidencia: [pdf], cartaBeneficio: [pdf] })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/anexar-documentos' });
    expect(await fields(c)).toEqual(['selfie']);
    const jpeg = dataUrl('image/jpeg', jpegFile(1028), 'selfie.jpg');
    expect((await c.action('cash-billing/documents', { selfie: [jpeg] })).body).toEqual({ kind: 'navigate', to: '/faturamento' });
    const analysis = (await stack.sandbox.calls()).find((call) => call.path === 'antifraude/analise-documento/solicitar');
    expect((analysis?.body as { arquivos: string[] }).arquivos).toHaveLength(5);
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/analisandoinformacoesinterna');
    // The back office finishes its analysis (48 hours on its clock): registration approved, on to the centre.
    await stack.sandbox.advanceClock(47 * 3600);
    expect((await (await as('nina')).c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/analisandoinformacoesinterna');
    await stack.sandbox.advanceClock(3600);
    expect((await (await as('nina')).c.screen('/faturamento')).body.to).toBe('/faturamentoespecie/centralcontemplacao');
    await stack.sandbox.reset();
  });

  it('asks a rural producer for the last 6 invoices (doc 1 §5) and refuses fewer, sending nothing', async () => {
    await stack.sandbox.reset();
    const { c } = await as('nina');
    await c.action('cash-billing/start', { confirmaTipo: true });
    expect((await c.action('cash-billing/income', { tipoRenda: 'produtor-rural', tipoDocumento: 'CNH' })).body).toEqual({ kind: 'navigate', to: '/faturamentoespecie/anexar-documentos' });
    const form = findAll((await c.screen('/faturamentoespecie/anexar-documentos')).body.layout, (n) => n.type === 'form')[0];
    expect(form.schema.properties.notaFiscal).toMatchObject({ minItems: 6, maxItems: 6 });
    await stack.sandbox.clearCalls();
    const sent = Object.fromEntries(Object.keys(form.schema.properties).map((k) => [k, [pdf]]));
    const refused = await c.action('cash-billing/documents', { ...sent, notaFiscal: Array(5).fill(pdf) });
    expect(refused.body.errors).toMatchObject({ notaFiscal: expect.stringContaining('6') });
    expect((await stack.sandbox.calls()).some((call) => call.path === 'arquivos/v2')).toBe(false);
    await stack.sandbox.reset();
  });
});
