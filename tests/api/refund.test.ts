import { beforeEach, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { dataUrl, jpeg as jpegFile } from '../helpers/images.js';

const stack = useStack();

/** The refund statuses of the definitions' vocabulary (null = no phase). */
const STATUSES: Array<string | null> = [
  null, 'NAO_INICIADO', 'PRAZO_FINALIZADO', 'PENDENCIA_CLIENTE', 'DOCUMENTOS_ADICIONAIS', 'REANALISE', 'BRSCAN_EM_ANDAMENTO', 'RETORNO_BRSCAN', 'OPERACOES',
  'ANALISE_GRC', 'SUSPEITA_FRAUDE', 'DOCUMENTO_APROVADO', 'PARECER_GRC', 'CADASTRO_APROVADO', 'AGUARDANDO_ATUALIZACAO_CADASTRO', 'PAGAMENTO_ESTORNADO',
  'DOCUMENTO_RECUSADO', 'AGUARDANDO_LIBERACAO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_ENVIADO', 'SOLICITACAO_FINALIZADA',
];

const jpeg = (bytes: number) => dataUrl('image/jpeg', jpegFile(bytes), 'doc.jpg');
const bank = { titularDocumento: '642.576.744-82', banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE' };

async function gustavo() {
  const c = client(stack.baseUrl);
  await c.loginWithQuota('gustavo');
  return c;
}

beforeEach(async () => {
  await stack.sandbox.reset();
});

describe('refund: the status → screen table is what the customer gets (doc 2 §4.6)', () => {
  for (const status of STATUSES) {
    it(`${status ?? 'sem fase'} → the screen of the definitions`, async () => {
      const c = await gustavo();
      await stack.sandbox.setRefund('gustavo', { status });
      const expected = stack.app.flows.decide('refund-screen', { status }).outcome;
      expect((await c.screen('/devolucao')).body).toMatchObject({ kind: 'redirect', to: expected });
      const screen = await c.screen(String(expected));
      expect(screen.status).toBe(200);
      // The screen shows, or (documents approved without bank data) asks the bank data first.
      if (screen.body.kind === 'redirect') expect(screen.body.to).toBe('/devolucao/dados-bancarios');
      else expect(screen.body.kind).toBe('screen');
    });
  }
});

describe('refund: who may have one', () => {
  it('tells a quota that is neither cancelled-and-contemplated nor in a closed group that its status does not allow a refund, with no home card', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    expect((await c.screen('/devolucao')).body).toMatchObject({ kind: 'redirect', to: '/devolucao/nao-confirmada' });
    // Every refund screen sends her there.
    for (const path of ['/devolucao/introducao', '/devolucao/valor', '/devolucao/sem-valor', '/devolucao/documento-aprovado', '/devolucao/dados-bancarios', '/devolucao/problema-documentos', '/devolucao/documento-socio', '/devolucao/analisando-informacoes', '/devolucao/acompanhar-valores', '/devolucao/indisponivel', '/devolucao/filiais', '/devolucao/validar-identificacao', '/devolucao/pagamento-programado', '/devolucao/reenviar-documentos']) expect((await c.screen(path)).body, path).toMatchObject({ kind: 'redirect', to: '/devolucao/nao-confirmada' });
    expect(screenText((await c.screen('/devolucao/nao-confirmada')).body)).toContain('A situação da sua cota não permite a devolução.');
    expect((await c.action('refund/start')).body).toEqual({ kind: 'navigate', to: '/devolucao/nao-confirmada' });
    expect(screenText((await c.screen('/home')).body)).not.toContain('Devolução de valores');
  });

  it('shows gustavo the start card at home, and says the refund is not accessible now when the values cannot be loaded', async () => {
    const c = await gustavo();
    const home = await c.screen('/home');
    const card = findAll(home.body.layout, (n) => n.id === 'card-devolucao-iniciar')[0];
    expect(card.action).toMatchObject({ label: 'Iniciar', action: { to: '/devolucao' } });
    await stack.sandbox.fault({ method: 'GET', path: 'core/devolucao/valores-disponiveis', status: 503, times: 3 }); // a GET is retried twice
    expect((await c.action('refund/start')).body).toEqual({ kind: 'navigate', to: '/devolucao/indisponivel' });
    expect(screenText((await c.screen('/devolucao/indisponivel')).body)).toContain('A devolução não está acessível no momento.');
  });
});

describe('refund: bad input changes nothing (doc 2 §5)', () => {
  async function started() {
    const c = await gustavo();
    expect((await c.action('refund/start')).body).toEqual({ kind: 'navigate', to: '/devolucao/valor' });
    return c;
  }

  it('refuses a salary account, an account of someone else and a joint account without the first holder, and sends nothing', async () => {
    const c = await started();
    await stack.sandbox.clearCalls();
    expect((await c.action('refund/bank-data', { ...bank, tipoConta: 'SALARIO' })).body).toEqual({ kind: 'field-errors', errors: { tipoConta: 'Conta salário não é aceita. Informe uma conta corrente ou poupança.' } });
    expect((await c.action('refund/bank-data', { ...bank, titularDocumento: '661.157.509-03' })).body.errors).toEqual({ titularDocumento: 'A conta deve estar no CPF ou CNPJ do titular.' });
    expect((await c.action('refund/bank-data', { ...bank, contaConjunta: true })).body.errors).toEqual({ primeiroTitular: 'Em conta conjunta, o titular da cota precisa ser o primeiro titular.' });
    expect((await c.action('refund/bank-data', { ...bank, banco: '001' })).body.errors).toEqual({ digitoAgencia: 'Informe o dígito da agência.' });
    expect((await stack.sandbox.calls()).some((call) => call.path === 'core/devolucao/solicitar-pagamento')).toBe(false);
    // Letters in the account become zero; the account goes in the holder's own CPF.
    expect((await c.action('refund/bank-data', { ...bank, conta: '56789-x' })).body).toEqual({ kind: 'navigate', to: '/devolucao/validar-identificacao' });
    const sent = (await stack.sandbox.calls()).find((call) => call.path === 'core/devolucao/solicitar-pagamento')!;
    expect(sent.body).toMatchObject({ dadosBancarios: { conta: '567890', titularDocumento: '64257674482', favorecido: 'Gustavo Henrique Dias', tipoConta: 'CORRENTE' } });
  });

  it('refuses a 9 MB file and a file that is not JPEG, PNG, TIFF or PDF before anything is uploaded', async () => {
    const c = await started();
    await c.action('refund/bank-data', bank);
    await stack.sandbox.clearCalls();
    const docs = { etapa: 'identificacao', tipoDocumento: 'cnh', documentoPessoal: [jpeg(4096)], documentosBancarios: [jpeg(4096)], selfie: [jpeg(9 * 1024 * 1024)] };
    const big = await c.action('refund/documents', docs);
    expect(big.body).toEqual({ kind: 'field-errors', errors: { selfie: 'Um ou mais arquivos são maior que o permitido' } });
    const text = `data:text/plain;name=rg.pdf;base64,${Buffer.from('não é um documento').toString('base64')}`;
    expect((await c.action('refund/documents', { ...docs, selfie: [text] })).body.errors.selfie).toBe('O documento anexado não corresponde ao padrão aceito (JPG, PNG, TIFF ou PDF).');
    expect((await c.action('refund/documents', { ...docs, tipoDocumento: 'rg', selfie: [jpeg(4096)] })).body.errors.documentoPessoal).toBe('Envie 2 arquivos do RG, um por página (frente e verso).');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'arquivos/v2' || call.path.startsWith('antifraude/'))).toBe(false);
  });

  it('takes the refund date only as DD/MM/YYYY on a business day within the deadline', async () => {
    await stack.sandbox.setRefund('gustavo', { status: 'NAO_INICIADO' });
    const c = await gustavo();
    await c.action('refund/bank-data', bank);
    await stack.sandbox.setRefund('gustavo', { status: 'DOCUMENTO_APROVADO' });
    const screen = await c.screen('/devolucao/documento-aprovado');
    expect(screenText(screen.body)).toMatch(/O pagamento é feito em até 5 dias úteis: escolha um dia útil até \d{2}\/\d{2}\/\d{4}\./);
    await stack.sandbox.clearCalls();
    for (const wrong of ['2026-12-01', '31/02/2027', '1/12/2026']) {
      expect((await c.action('refund/schedule', { dataDevolucao: wrong })).body.errors).toEqual({ dataDevolucao: 'Informe a data no formato DD/MM/AAAA.' });
    }
    expect((await c.action('refund/schedule', { dataDevolucao: '01/01/2020' })).body.errors.dataDevolucao).toMatch(/^Escolha um dia útil entre \d{2}\/\d{2}\/\d{4} e \d{2}\/\d{2}\/\d{4}\.$/);
    expect((await stack.sandbox.calls()).some((call) => call.path === 'core/devolucao/solicitar-pagamento')).toBe(false);
    const form = findAll(screen.body.layout, (n) => n.type === 'form')[0];
    expect((await c.action('refund/schedule', form.formData)).body).toEqual({ kind: 'navigate', to: '/devolucao/pagamento-programado' });
    expect(screenText((await c.screen('/devolucao/pagamento-programado')).body)).toContain(`Pagamento programado para ${form.formData.dataDevolucao}.`);
  });
});

describe('refund: a reversed payment (doc 2 §4.6, §8)', () => {
  it('counts a sent payment whose values remain as reversed: card, probable causes, redo the bank data and program the payment again', async () => {
    await stack.sandbox.setRefund('gustavo', { status: 'NAO_INICIADO' });
    const c = await gustavo();
    await c.action('refund/bank-data', bank);
    await stack.sandbox.setRefund('gustavo', { status: 'PAGAMENTO_ENVIADO' });
    await stack.sandbox.setRefund('gustavo', { estornar: true });
    const home = await c.screen('/home');
    const card = findAll(home.body.layout, (n) => n.id === 'card-devolucao-pagamento-estornado')[0];
    expect(card).toMatchObject({ title: 'Pagamento estornado', action: { label: 'Atualizar dados bancários', action: { to: '/devolucao/dados-bancarios' } } });
    expect((await c.screen('/devolucao')).body).toMatchObject({ kind: 'redirect', to: '/devolucao/dados-bancarios' });
    expect(screenText((await c.screen('/devolucao/dados-bancarios')).body)).toContain('Causas prováveis: conta inválida ou incorreta');
    const follow = await c.screen('/devolucao/acompanhar-valores');
    expect(findAll(follow.body.layout, (n) => n.type === 'table')[0].rows[2]).toEqual(['Pagamento enviado', 'Erro', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)]);
    expect((await c.action('refund/bank-data', { ...bank, banco: '237', conta: '11223-4' })).body).toEqual({ kind: 'navigate', to: '/devolucao/documento-aprovado' });
    const approved = await c.screen('/devolucao/documento-aprovado');
    expect(screenText(approved.body)).toContain('237 · agência 1234 · conta 112234 (corrente)');
    const form = findAll(approved.body.layout, (n) => n.type === 'form')[0];
    expect((await c.action('refund/schedule', form.formData)).body).toEqual({ kind: 'navigate', to: '/devolucao/pagamento-programado' });
    expect((await c.screen('/devolucao')).body).toMatchObject({ to: '/devolucao/pagamento-programado' });
  });
});

describe('refund: identity scan outcomes on the sandbox clock (doc 2 §4.6)', () => {
  it('asks a refused selfie again, then sends a branch referral to the branches', async () => {
    let c = await gustavo();
    await c.action('refund/start');
    await c.action('refund/bank-data', bank);
    await stack.sandbox.setRefund('gustavo', { proximaAnalise: 'REPROVADO' });
    const docs = { etapa: 'identificacao', tipoDocumento: 'cnh', documentoPessoal: [jpeg(4096)], documentosBancarios: [jpeg(4096)], selfie: [jpeg(4096)] };
    expect((await c.action('refund/documents', docs)).body).toEqual({ kind: 'navigate', to: '/devolucao/analisando-informacoes' });
    expect((await stack.sandbox.calls()).find((call) => call.path === 'antifraude/analise-documento/solicitar')!.body).toMatchObject({ processo: 'DEVOLUCAO', documentos: ['documentoPessoal', 'documentosBancarios', 'selfie'] });

    await stack.sandbox.advanceClock(48 * 3600);
    c = await gustavo();
    expect((await c.screen('/devolucao')).body).toMatchObject({ to: '/devolucao/problema-documentos' });
    const problem = screenText((await c.screen('/devolucao/problema-documentos')).body);
    expect(problem).toContain('A selfie não confere com o documento de identificação.');
    const resend = await c.screen('/devolucao/reenviar-documentos');
    expect(Object.keys(findAll(resend.body.layout, (n) => n.type === 'form')[0].schema.properties)).toEqual(['selfie']);
    await stack.sandbox.setRefund('gustavo', { proximaAnalise: 'ENCAMINHADO_FILIAL' });
    expect((await c.action('refund/documents', { etapa: 'reenvio', selfie: [jpeg(4096)] })).body).toEqual({ kind: 'navigate', to: '/devolucao/analisando-informacoes' });

    await stack.sandbox.advanceClock(48 * 3600);
    c = await gustavo();
    expect((await c.screen('/devolucao')).body).toMatchObject({ to: '/devolucao/filiais' });
    const branches = await c.screen('/devolucao/filiais');
    expect(screenText(branches.body)).toContain('procure uma de nossas filiais');
    expect(findAll(branches.body.layout, (n) => n.label === 'Ver filiais')[0].action.to).toBe('/filiais');
  });
});
