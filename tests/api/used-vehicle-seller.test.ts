import { beforeEach, describe, expect, it } from 'vitest';
import { findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { SELLER_CNPJ, SELLER_CPF, setUsedVehicle } from '../helpers/used-vehicle.js';
import { pdfFile, vehicleClient } from '../helpers/vehicle-billing.js';
import { dataUrl, jpeg } from '../helpers/images.js';

/**
 * The seller of a used vehicle (doc 2 §3.6, §5): the four kinds, personal data (never the buyer's),
 * bank data (the seller's own account; the company's CNPJ for companies; the buyer's refused),
 * the attachments (DUT and ATPV only as PDF, the checklist), the generated order, the owner
 * refused and resend, and the bank data after a reversed payment. Bad input answers the spec's
 * message next to the field and nothing reaches the back office.
 */
const stack = useStack();
const SV = '/faturamentoseminovo';
const jpgFile = dataUrl('image/jpeg', jpeg(2052), 'dut.jpg');
const sellerCalls = async () => (await stack.sandbox.calls()).filter((c) => (c.method === 'POST' && c.path === 'core/faturamento/auto/dados-vendedor') || c.path === 'arquivos/v2' || c.path.startsWith('antifraude/'));
const BUYER = persona('eduardo').document;
const BANK = { banco: '341', tipoConta: 'CORRENTE', agencia: '1234', conta: '56789-0' };

beforeEach(async () => {
  await stack.sandbox.reset();
});

describe('person seller (PF)', () => {
  it('personal data, bank data and attachments: the buyer and a JPG DUT are refused with the spec’s words, nothing sent', async () => {
    await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'GARANTIA_APROVADA', vendedor: null });
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/vendedor` });
    const type = await c.screen(`${SV}/vendedor`);
    expect(findAll(type.body.layout, (n) => n.type === 'button').map((b) => b.label)).toEqual(expect.arrayContaining(['Pessoa física', 'Pessoa jurídica (empresa)']));
    await stack.sandbox.clearCalls();

    // The buyer's own CPF as the seller, an invalid CPF, the terms not accepted.
    const personal = { segmento: 'pessoafisica', nome: 'Rogério Almeida Prado', email: '', telefone: '', aceite: true };
    expect((await c.action('used-vehicle/seller-personal', { ...personal, documento: BUYER })).body).toEqual({ kind: 'field-errors', errors: { documento: 'Os dados do comprador (titular da cota) não são aceitos: informe os dados do vendedor do veículo.' } });
    expect((await c.action('used-vehicle/seller-personal', { ...personal, documento: '529.982.247-26' })).body).toMatchObject({ kind: 'field-errors', errors: { documento: 'CPF inválido. Confira os números do CPF do vendedor.' } });
    expect((await c.action('used-vehicle/seller-personal', { ...personal, documento: SELLER_CPF, aceite: false })).body).toMatchObject({ kind: 'field-errors', errors: { aceite: expect.stringContaining('confirme') } });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/seller-personal', { ...personal, documento: '529.982.247-25' })).body).toEqual({ kind: 'navigate', to: `${SV}/vendedor/pessoafisica/dadosbancarios` });

    // Bank data: the seller's name is shown; an account in the buyer's name or someone else's is refused.
    const bankPage = await c.screen(`${SV}/vendedor/pessoafisica/dadosbancarios`);
    expect(screenText(bankPage.body)).toContain('Rogério Almeida Prado · 529.982.247-25');
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/seller-bank', { segmento: 'pessoafisica', ...BANK, titularDocumento: BUYER })).body).toEqual({ kind: 'field-errors', errors: { titularDocumento: 'Os dados do comprador (titular da cota) não são aceitos: informe os dados do vendedor do veículo.' } });
    expect((await c.action('used-vehicle/seller-bank', { segmento: 'pessoafisica', ...BANK, titularDocumento: '390.533.447-05' })).body).toEqual({ kind: 'field-errors', errors: { titularDocumento: 'A conta deve estar no nome do vendedor, no CPF informado nos dados pessoais.' } });
    expect((await c.action('used-vehicle/seller-bank', { segmento: 'pessoafisica', ...BANK, tipoConta: 'SALARIO', titularDocumento: SELLER_CPF })).body).toMatchObject({ kind: 'field-errors', errors: { tipoConta: 'Conta salário não é aceita. Informe uma conta corrente ou poupança.' } });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/seller-bank', { segmento: 'pessoafisica', ...BANK, titularDocumento: SELLER_CPF })).body).toEqual({ kind: 'navigate', to: `${SV}/vendedor/pessoafisica/anexos` });
    const saved = (await sellerCalls()).find((x) => x.path === 'core/faturamento/auto/dados-vendedor')!.body as { dadosBancarios: { conta: string; titularDocumento: string } };
    expect(saved.dadosBancarios).toMatchObject({ conta: '567890', titularDocumento: SELLER_CPF });

    // Attachments: the table now sends the person seller to the attachments.
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/vendedor/pessoafisica/anexos` });
    const attachments = await c.screen(`${SV}/vendedor/pessoafisica/anexos`);
    const text = screenText(attachments.body);
    expect(text).toContain('DUT e ATPV somente em PDF.');
    const [form] = findAll(attachments.body.layout, (n) => n.type === 'form');
    expect(form.schema.properties.assinaturaReconhecida.title).toBe('A assinatura do vendedor no DUT/ATPV está com firma reconhecida.');
    expect(form.uiSchema.dut['ui:options'].accept).toBe('.pdf');
    await stack.sandbox.clearCalls();
    const files = { segmento: 'pessoafisica', dut: [pdfFile()], atpv: [pdfFile()], documentoProprietario: [jpgFile], assinaturaReconhecida: true };
    expect((await c.action('used-vehicle/seller-documents', { ...files, dut: [jpgFile] })).body).toEqual({ kind: 'field-errors', errors: { dut: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!' } });
    expect((await c.action('used-vehicle/seller-documents', { ...files, atpv: [] })).body).toEqual({ kind: 'field-errors', errors: { atpv: 'Todos os arquivos são obrigatórios' } });
    expect((await c.action('used-vehicle/seller-documents', { ...files, assinaturaReconhecida: false })).body).toMatchObject({ kind: 'field-errors' });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/seller-documents', files)).body).toEqual({ kind: 'navigate', to: `${SV}/reanalise-faturamento` });
    expect((await sellerCalls()).map((x) => x.path)).toEqual(['arquivos/v2', 'arquivos/v2', 'arquivos/v2', 'antifraude/analise-documento/solicitar-vendedor']);
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/reanalise-faturamento` });
    expect(screenText((await c.screen(`${SV}/reanalise-faturamento`)).body)).toContain('Documentos do proprietário em análise');
  });
});

describe('company sellers', () => {
  it('a rental company: CNPJ, the account in the company’s CNPJ, the generated order, three checklist items', async () => {
    await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'GARANTIA_APROVADA', vendedor: null });
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    const pj = await c.screen(`${SV}/vendedorpj`);
    expect(findAll(pj.body.layout, (n) => n.type === 'button').map((b) => b.label)).toEqual(expect.arrayContaining(['Revendedora ou concessionária', 'Locadora', 'Outra empresa']));
    const personal = { segmento: 'locadora', nome: 'Locadora Estrada Ltda', aceite: true };
    expect((await c.action('used-vehicle/seller-personal', { ...personal, documento: SELLER_CPF })).body).toEqual({ kind: 'field-errors', errors: { documento: 'CNPJ inválido. Confira os números (e letras) do CNPJ da empresa vendedora.' } });
    expect((await c.action('used-vehicle/seller-personal', { ...personal, documento: '33.444.555/0001-81' })).body).toEqual({ kind: 'navigate', to: `${SV}/vendedor/locadora/dadosbancarios` });
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/seller-bank', { segmento: 'locadora', ...BANK, titularDocumento: SELLER_CPF })).body).toEqual({ kind: 'field-errors', errors: { titularDocumento: 'A conta deve estar no CNPJ da empresa vendedora.' } });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/seller-bank', { segmento: 'locadora', ...BANK, titularDocumento: SELLER_CNPJ })).body).toEqual({ kind: 'navigate', to: `${SV}/vendedor/locadora/ordemgerada` });

    // The order: the table's page for a rental company awaiting documents; the PDF comes through the server.
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/ordemcompra` });
    const order = await c.screen(`${SV}/vendedor/locadora/ordemgerada`);
    expect(screenText(order.body)).toContain('Locadora Estrada Ltda');
    const pdf = await c.agent.get('/api/arquivos/faturamento/ordem-compra').buffer(true);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [form] = findAll((await c.screen(`${SV}/vendedor/locadora/anexos`)).body.layout, (n) => n.type === 'form');
    expect(form.required ?? form.schema.required).toEqual(expect.arrayContaining(['notaFiscalSaida', 'valorNotaIgualDut', 'alienacaoFiduciariaNaNota']));
    expect(form.schema.properties.valorNotaIgualDut.title).toBe('O valor da nota fiscal é igual ao valor informado no DUT/ATPV.');
    expect(form.schema.properties.alienacaoFiduciariaNaNota.title).toBe('A nota fiscal de saída traz o texto de alienação fiduciária em favor da administradora.');
    const files = { segmento: 'locadora', dut: [pdfFile()], atpv: [pdfFile()], notaFiscalSaida: [pdfFile()], documentoResponsavel: [jpgFile], assinaturaReconhecida: true, valorNotaIgualDut: true };
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/seller-documents', files)).body).toEqual({ kind: 'field-errors', errors: { alienacaoFiduciariaNaNota: 'Confirme este item antes de enviar.' } });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/seller-documents', { ...files, alienacaoFiduciariaNaNota: true })).body).toEqual({ kind: 'navigate', to: `${SV}/reanalise-faturamento` });
  });
});

describe('owner refused, invoice pending, contract', () => {
  it('owner refused: the causes, then a resend where a JPG ATPV is refused', async () => {
    await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'DOCUMENTOS_ILEGIVEIS', respostaAnalista: 'Foto do DUT ilegível.', vendedor: { tipoVendedor: 'PF', vendedor: { nome: 'Rogério Almeida Prado', documento: SELLER_CPF } } });
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    const refused = screenText((await c.screen(`${SV}/proprietariorecusado`)).body);
    expect(refused).toContain('Foto do DUT ilegível.');
    expect(refused).toContain('Foto do DUT/ATPV em baixa resolução ou ilegível.');
    await stack.sandbox.clearCalls();
    const files = { dut: [pdfFile()], atpv: [jpgFile], documentoProprietario: [pdfFile()] };
    expect((await c.action('used-vehicle/seller-resend', files)).body).toEqual({ kind: 'field-errors', errors: { atpv: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!' } });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/seller-resend', { ...files, atpv: [pdfFile()] })).body).toEqual({ kind: 'navigate', to: `${SV}/proprietariorecusado/enviado` });
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/reanalise-faturamento` });
  });

  it('invoice pending: the correction letter goes to analysis', async () => {
    await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'PENDENCIA_NOTA_FISCAL', respostaAnalista: 'Falta o texto de alienação fiduciária.' });
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect(screenText((await c.screen(`${SV}/pendencianotafiscal`)).body)).toContain('Falta o texto de alienação fiduciária.');
    expect((await c.action('used-vehicle/correction-letter', { cartaCorrecao: [pdfFile()] })).body).toEqual({ kind: 'navigate', to: `${SV}/cartacorrecaoenviada` });
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/cartacorrecaoenviada` });
  });

  it('contract: awaiting signature, signed at the provider, then the payment is scheduled and the timeline’s payment is pending', async () => {
    await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'AGUARDANDO_ASSINATURA', statusPagamento: null });
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect(screenText((await c.screen(`${SV}/assinaturacontrato`)).body)).toContain('O contrato será enviado para o seu e-mail em até 7 dias.');
    const signed = await fetch(`${stack.sandbox.url}/__sandbox/personas/eduardo/faturamento-seminovo/assinatura`, { method: 'POST' });
    expect(signed.status).toBe(200);
    expect(screenText((await c.screen(`${SV}/assinaturacontrato`)).body)).toContain('Programe o pagamento ao vendedor.');
    expect((await c.action('used-vehicle/schedule-payment', {})).body).toEqual({ kind: 'navigate', to: `${SV}/acompanharpagamento` });
    const [timeline] = findAll((await c.screen(`${SV}/acompanharpagamento`)).body.layout, (n) => n.type === 'timeline');
    expect(timeline.steps[4]).toMatchObject({ title: 'Assinatura do contrato', status: 'done' });
    expect(timeline.steps[5]).toMatchObject({ title: 'Pagamento', status: 'current', statusText: 'Pendente', text: expect.stringContaining('em até 5 dias úteis') });
  });
});

describe('reversed payment (otavio)', () => {
  it('redoes the seller’s bank data: the buyer’s account refused, then the payment is reprocessed', async () => {
    const c = await vehicleClient(stack.baseUrl, 'otavio');
    const [card] = findAll((await c.screen('/home')).body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('card-veiculo-'));
    expect(card.id).toBe('card-veiculo-pagamento-estornado');
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: `${SV}/acompanharpagamento` });
    const page = await c.screen(`${SV}/dadosbancariosestorno`);
    const text = screenText(page.body);
    expect(text).toContain('conta bancária inválida ou errada, ou CPF/CNPJ do recebedor inválido');
    expect(text).toContain('Rogério Almeida Prado · 529.982.247-25');
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/reversal-bank-data', { segmento: 'pessoafisica', ...BANK, titularDocumento: persona('otavio').document })).body).toEqual({
      kind: 'field-errors',
      errors: { titularDocumento: 'Os dados do comprador (titular da cota) não são aceitos: informe os dados do vendedor do veículo.' },
    });
    expect(await sellerCalls()).toEqual([]);
    expect((await c.action('used-vehicle/reversal-bank-data', { segmento: 'pessoafisica', ...BANK, conta: '998877', titularDocumento: SELLER_CPF })).body).toEqual({ kind: 'navigate', to: `${SV}/acompanharpagamento` });
    const [timeline] = findAll((await c.screen(`${SV}/acompanharpagamento`)).body.layout, (n) => n.type === 'timeline');
    expect(timeline.steps[5]).toMatchObject({ title: 'Pagamento', status: 'current', statusText: 'Pendente' });
    // No reversed payment any more: the reversal page goes back to the follow-up.
    expect((await c.screen(`${SV}/dadosbancariosestorno`)).body).toMatchObject({ kind: 'redirect', to: `${SV}/acompanharpagamento` });
    // 48 hours later on the back office's clock the payment is sent: the step is concluded.
    await stack.sandbox.advanceClock(48 * 3600);
    const later = await vehicleClient(stack.baseUrl, 'otavio');
    const [sent] = findAll((await later.screen(`${SV}/acompanharpagamento`)).body.layout, (n) => n.type === 'timeline');
    expect(sent.steps[5]).toMatchObject({ title: 'Pagamento', status: 'done', statusText: 'Concluído', text: 'Pagamento enviado ao vendedor.' });
  });
});

describe('without a used-vehicle process', () => {
  it('every page of the seller, contract and payment goes back to /faturamento', async () => {
    const c = await vehicleClient(stack.baseUrl, 'ana');
    const pages = [
      '/faturamentoseminovo/centralcontemplacao',
      '/faturamentoseminovo/acompanharpagamento',
      '/faturamentoseminovo/vendedor',
      '/faturamentoseminovo/vendedorpj',
      '/faturamentoseminovo/vendedor/pessoafisica/dadospessoais',
      '/faturamentoseminovo/vendedor/pessoafisica/dadosbancarios',
      '/faturamentoseminovo/vendedor/pessoafisica/anexos',
      '/faturamentoseminovo/vendedor/revendedora/dadospessoais',
      '/faturamentoseminovo/vendedor/revendedora/dadosbancarios',
      '/faturamentoseminovo/vendedor/revendedora/anexos',
      '/faturamentoseminovo/vendedor/locadora/dadospessoais',
      '/faturamentoseminovo/vendedor/locadora/dadosbancarios',
      '/faturamentoseminovo/vendedor/locadora/anexos',
      '/faturamentoseminovo/vendedor/pessoajuridica/dadospessoais',
      '/faturamentoseminovo/vendedor/pessoajuridica/dadosbancarios',
      '/faturamentoseminovo/vendedor/pessoajuridica/anexos',
      '/faturamentoseminovo/vendedor/revendedora/ordemgerada',
      '/faturamentoseminovo/vendedor/locadora/ordemgerada',
      '/faturamentoseminovo/vendedor/pessoajuridica/ordemgerada',
      '/faturamentoseminovo/ordemcompra',
      '/faturamentoseminovo/proprietariorecusado',
      '/faturamentoseminovo/proprietariorecusado/reenvio',
      '/faturamentoseminovo/proprietariorecusado/enviado',
      '/faturamentoseminovo/pendencianotafiscal',
      '/faturamentoseminovo/cartacorrecaoenviada',
      '/faturamentoseminovo/assinaturacontrato',
      '/faturamentoseminovo/reanalise-faturamento',
      '/faturamentoseminovo/reanalise-faturamento/enviada',
      '/faturamentoseminovo/dados-proprietario-divergente',
      '/faturamentoseminovo/dadosbancariosestorno',
    ];
    for (const path of pages) expect((await c.screen(path)).body, path).toMatchObject({ kind: 'redirect', to: '/faturamento' });
  });
});
