import { beforeEach, describe, expect, it } from 'vitest';
import { findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { ORDER, pdfFile, setVehicle, vehicleClient } from '../helpers/vehicle-billing.js';

const stack = useStack();
const MOBILE = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36' };

beforeEach(async () => {
  await stack.sandbox.reset();
});

const upstreamPaths = async () => (await stack.sandbox.calls()).map((c) => c.path);

describe('new-vehicle billing, fernanda from the vehicle data to the purchase order', () => {
  it('takes the vehicle, the purchase value, a registered dealership and the payment form, and streams the purchase order PDF', async () => {
    const c = await vehicleClient(stack.baseUrl, 'fernanda');
    // Where her case stands (awaiting the vehicle data): the step itself, not the introduction.
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: '/faturamentonovo/dados-veiculo' });
    expect(screenText((await c.screen('/faturamentonovo/introducao')).body)).toContain('Faturamento do seu veículo 0 km');
    const vehicleForm = findAll((await c.screen('/faturamentonovo/dados-veiculo')).body.layout, (n) => n.type === 'form')[0];
    expect(vehicleForm.uiSchema.marca['ui:help']).toContain('Marcas da lista: Volkswagen, Fiat');

    expect((await c.action('vehicle-billing/vehicle', { marca: 'volkswagen', modelo: 'polo', ano: '2026/2027', cor: ' Branco ' })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/valor-compra' });
    const value = screenText((await c.screen('/faturamentonovo/valor-compra')).body);
    expect(value).toContain('Volkswagen Polo 2026/2027 · Branco');
    expect(value).toContain('R$ 70.350,00');

    expect((await c.action('vehicle-billing/purchase-value', { valorCompra: 98_000 })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/dados-concessionaria' });
    expect((await c.action('vehicle-billing/dealership', { cnpj: '11.222.333/0001-81' })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/forma-pagamento' });
    expect(screenText((await c.screen('/faturamentonovo/forma-pagamento')).body)).toContain('Aurora Veículos Concessionária Ltda · CNPJ 11.222.333/0001-81');
    expect((await c.action('vehicle-billing/payment-form', { formaPagamento: 'TED' })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/dados-bancarios?forma=TED' });
    const bank = { banco: '341', agencia: '1234', conta: '556677', tipoConta: 'CORRENTE', titularDocumento: '11.222.333/0001-81', formaPagamento: 'TED' };
    expect((await c.action('vehicle-billing/dealership-account', bank)).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/confirmar-faturamento' });

    const confirm = await c.screen('/faturamentonovo/confirmar-faturamento');
    const text = screenText(confirm.body);
    // The vehicle value is the lower of the purchase value and the available credit.
    expect(text).toContain('R$ 98.000,00');
    expect(findAll(confirm.body.layout, (n) => n.type === 'key-value')[0].rows).toContainEqual({ label: 'Valor do veículo', text: 'R$ 95.000,00' });
    // The restart says, before confirming, that the inspection fee is charged again.
    expect(text).toContain('a taxa de vistoria de R$ 150,00 será cobrada novamente');
    expect((await c.action('vehicle-billing/confirm', {})).body.errors.confirma).toBe('Para continuar, confirme os dados do faturamento.');
    expect((await c.action('vehicle-billing/confirm', { confirma: true })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/ordemcompra' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/ordemcompra');

    const order = await c.screen('/faturamentonovo/ordemcompra');
    const download = findAll(order.body.layout, (n) => n.type === 'button' && n.action?.type === 'download')[0];
    expect(download.action.href).toBe('/api/arquivos/faturamento/ordem-compra');
    expect(findAll(order.body.layout, (n) => n.action?.type === 'bridge')).toHaveLength(0);
    const pdf = await c.agent.get(download.action.href).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // In a native wrapper the order is also shared through the bridge.
    const native = await c.agent.get('/api/screens').query({ path: '/faturamentonovo/ordemcompra' }).set('x-client-platform', 'android');
    expect(findAll(native.body.layout, (n) => n.action?.type === 'bridge')[0].action).toMatchObject({ method: 'share-file', args: { href: '/api/arquivos/faturamento/ordem-compra' } });
  });

  it('refuses the bad input next to the field, sends nothing and keeps what was typed', async () => {
    const c = await vehicleClient(stack.baseUrl, 'fernanda');
    await stack.sandbox.clearCalls();
    const brand = await c.action('vehicle-billing/vehicle', { marca: 'Tesla', modelo: 'Model 3', ano: '2026/2027', cor: 'Preto' });
    expect(brand.body).toEqual({ kind: 'field-errors', errors: { marca: 'Marca não encontrada na lista. Confira o nome ou peça a inclusão da marca.' } });
    const model = await c.action('vehicle-billing/vehicle', { marca: 'Fiat', modelo: 'Uno Turbo', ano: '2026/2027', cor: 'Preto' });
    expect(model.body.errors).toEqual({ modelo: 'Modelo não encontrado na lista desta marca. Confira o nome ou peça a inclusão do modelo.' });
    expect((await c.action('vehicle-billing/vehicle', { marca: '', modelo: 'Argo', ano: '2026', cor: 'Preto' })).body.errors).toEqual({ marca: 'Campo obrigatório', ano: 'Informe o ano no formato ano de fabricação/ano do modelo, por exemplo 2026/2027.' });
    expect(await upstreamPaths()).not.toContain('core/faturamento/auto/selecionar-veiculo');

    await c.action('vehicle-billing/vehicle', { marca: 'Fiat', modelo: 'Argo', ano: '2026/2027', cor: 'Preto' });
    await stack.sandbox.clearCalls();
    expect((await c.action('vehicle-billing/purchase-value', { valorCompra: 70_000 })).body.errors).toEqual({ valorCompra: 'O valor de compra deve ser de pelo menos R$ 70.350,00, o saldo devedor da cota.' });
    expect(await upstreamPaths()).not.toContain('core/faturamento/auto/selecionar-veiculo');
    await c.action('vehicle-billing/purchase-value', { valorCompra: 80_000 });

    await stack.sandbox.clearCalls();
    expect((await c.action('vehicle-billing/dealership', { cnpj: '11.222.333/0001-82' })).body.errors).toEqual({ cnpj: 'CNPJ inválido. Confira os números (e letras) do CNPJ da concessionária.' });
    expect(await upstreamPaths()).not.toContain('fornecedores');
    // An alphanumeric CNPJ checks.
    expect((await c.action('vehicle-billing/dealership', { cnpj: '12.ABC.345/01DE-35' })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/forma-pagamento' });

    await stack.sandbox.clearCalls();
    const account = await c.action('vehicle-billing/dealership-account', { banco: '341', agencia: '1234', conta: '556677', tipoConta: 'CORRENTE', titularDocumento: '271.412.711-80', formaPagamento: 'TED' });
    expect(account.body.errors).toEqual({ titularDocumento: 'A conta deve estar no CNPJ da concessionária.' });
    expect(await upstreamPaths()).not.toContain('core/faturamento/auto/dados-ordem-faturamento');
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/forma-pagamento');
  });

  it('for a paid-off quota the purchase value is at most the available balance', async () => {
    const c = await vehicleClient(stack.baseUrl, 'quiteria');
    expect((await c.screen('/faturamento/iniciar')).body.to).toBe('/faturamento/tipo');
    expect((await c.screen('/faturamento/tipo')).body.to).toBe('/faturamento/cotaquitada');
    const paid = await c.screen('/faturamento/cotaquitada');
    expect(screenText(paid.body)).toContain('Sua cota está quitada');
    expect((await c.screen('/faturamento/iniciar?quitada=ciente')).body.to).toBe('/faturamento/tipo?quitada=ciente');
    const types = findAll((await c.screen('/faturamento/tipo?quitada=ciente')).body.layout, (n) => n.type === 'form')[0];
    expect(types.schema.properties.tipo.enum).toContain('COTA_QUITADA');
    expect(types.uiSchema.tipo['ui:enumNames']).toContain('Cota quitada');
    expect((await c.action('vehicle-billing/product', { produto: 'NOVO' })).body.to).toBe('/faturamentonovo/introducao');
    await c.action('vehicle-billing/vehicle', { marca: 'Toyota', modelo: 'Corolla', ano: '2026/2027', cor: 'Prata' });
    expect((await c.action('vehicle-billing/purchase-value', { valorCompra: 71_000 })).body.errors).toEqual({ valorCompra: 'Para cota quitada, o valor de compra deve ser de no máximo R$ 70.000,00, o saldo disponível.' });
    expect((await c.action('vehicle-billing/purchase-value', { valorCompra: 69_000 })).body.kind).toBe('navigate');
  });

  it('an invoice below the outstanding balance is refused; an expired document deadline offers only the restart, which charges the fee again', async () => {
    const c = await vehicleClient(stack.baseUrl, 'fernanda');
    await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DOCUMENTOS', pedido: ORDER });
    await stack.sandbox.clearCalls();
    expect((await c.action('vehicle-billing/invoice', { notaFiscal: [pdfFile()], valorNotaFiscal: 50_000 })).body.errors).toEqual({ valorNotaFiscal: 'O valor da nota fiscal deve ser de pelo menos R$ 70.350,00, o saldo devedor da cota.' });
    expect(await upstreamPaths()).not.toContain('arquivos/v2');

    await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DOCUMENTOS', criadoHaDias: 91 });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/envio-documentos');
    const expired = screenText((await c.screen('/faturamentonovo/envio-documentos')).body);
    expect(expired).toContain('O prazo para enviar os documentos terminou');
    expect(expired).toContain('a taxa de vistoria de R$ 150,00 será cobrada novamente');
    expect((await c.action('vehicle-billing/restart', {})).body.errors.ciente).toBe('Para reiniciar, confirme que está ciente da nova cobrança da taxa de vistoria.');
    expect((await c.action('vehicle-billing/restart', { ciente: true })).body).toEqual({ kind: 'snackbar', message: 'Faturamento reiniciado. A taxa de vistoria de R$ 150,00 foi cobrada novamente.', to: '/faturamento' });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/dados-veiculo');
    await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DOCUMENTOS', criadoHaDias: 90 });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/ordemcompra');
  });
});

describe('new-vehicle billing on the sandbox clock', () => {
  it('a dealership not found waits for its inclusion and is found after 48 hours', async () => {
    const c = await vehicleClient(stack.baseUrl, 'fernanda');
    await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DADOS_CONCESSIONARIA', pedido: { ...ORDER, cnpjConcessionaria: undefined, razaoSocial: undefined, dadosPagamento: undefined } });
    expect((await c.action('vehicle-billing/dealership', { cnpj: '45.723.174/0001-10' })).body).toEqual({ kind: 'navigate', to: '/faturamentonovo/aguardeinclusaodeconcessionaria' });
    expect(screenText((await c.screen('/faturamentonovo/aguardeinclusaodeconcessionaria')).body)).toContain('leva até 48h');
    // The sandbox clock moves on (the session's tokens expire with it: log in again).
    await stack.sandbox.advanceClock(47 * 3600);
    expect((await (await vehicleClient(stack.baseUrl, 'fernanda')).screen('/faturamento')).body.to).toBe('/faturamentonovo/aguardeinclusaodeconcessionaria');
    await stack.sandbox.advanceClock(3600);
    const later = await vehicleClient(stack.baseUrl, 'fernanda');
    expect((await later.screen('/faturamento')).body.to).toBe('/faturamentonovo/forma-pagamento');
    expect(screenText((await later.screen('/faturamentonovo/forma-pagamento')).body)).toContain('CNPJ 45.723.174/0001-10');
  });

  it('a brand not in the list is included after 48 hours and can then be chosen', async () => {
    const c = await vehicleClient(stack.baseUrl, 'fernanda');
    expect((await c.action('vehicle-billing/vehicle', { marca: 'BYD', modelo: 'Dolphin', ano: '2026/2026', cor: 'Azul', incluir: true })).body.to).toBe('/faturamentonovo/aguardeinclusaodemarca');
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/aguardeinclusaodemarca');
    await stack.sandbox.advanceClock(48 * 3600);
    const later = await vehicleClient(stack.baseUrl, 'fernanda');
    expect((await later.screen('/faturamento')).body.to).toBe('/faturamentonovo/dados-veiculo');
    expect((await later.action('vehicle-billing/vehicle', { marca: 'BYD', modelo: 'Dolphin', ano: '2026/2026', cor: 'Azul' })).body.to).toBe('/faturamentonovo/valor-compra');
  });

  it('an invoice pending gets a correction letter; then the payment is scheduled and followed to sent', async () => {
    let c = await vehicleClient(stack.baseUrl, 'fernanda');
    await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DOCUMENTOS', pedido: ORDER });
    // The invoice carries another value than the order: after its analysis it is pending.
    const invoice = await c.action('vehicle-billing/invoice', { notaFiscal: [pdfFile()], valorNotaFiscal: 97_500 });
    expect(invoice.body).toEqual({ kind: 'navigate', to: '/faturamentonovo/analise-documentos' });
    await stack.sandbox.advanceClock(48 * 3600);
    c = await vehicleClient(stack.baseUrl, 'fernanda');
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/resolver-pendencias');
    const card = findAll((await c.screen('/home')).body.layout, (n) => n.id === 'card-veiculo-pendencia-nf-novo')[0];
    expect(card.action.action.to).toBe('/faturamentonovo/resolver-pendencias');
    const pending = screenText((await c.screen('/faturamentonovo/resolver-pendencias')).body);
    expect(pending).toContain('Carta de correção');
    expect(pending).toContain('A nota fiscal não traz as informações essenciais');
    expect((await c.action('vehicle-billing/correction-letter', { cartaCorrecao: [] })).body.errors).toEqual({ cartaCorrecao: 'Todos os arquivos são obrigatórios' });
    expect((await c.action('vehicle-billing/correction-letter', { cartaCorrecao: [pdfFile()] })).body.to).toBe('/faturamentonovo/cartacorrecaoenviada');
    expect((await stack.sandbox.calls()).some((call) => call.path === 'antifraude/analise-documento/solicitar-carta-correcao')).toBe(true);
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/cartacorrecaoenviada');
    await stack.sandbox.advanceClock(48 * 3600);
    c = await vehicleClient(stack.baseUrl, 'fernanda');
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/ordempagamento');
    expect((await c.action('vehicle-billing/schedule-payment', {})).body.to).toBe('/faturamentonovo/acompanharpagamento');
    await stack.sandbox.advanceClock(48 * 3600);
    c = await vehicleClient(stack.baseUrl, 'fernanda');
    const follow = await c.screen('/faturamentonovo/acompanharpagamento');
    expect(screenText(follow.body)).toContain('Pagamento enviado');
    const steps = findAll(follow.body.layout, (n) => n.id === 'linha-do-tempo')[0].items.map((i: { label: string; text: string }) => i.label);
    expect(steps).toEqual(['Pagamento programado', 'Pagamento liberado', 'Pagamento enviado à concessionária']);
  });
});

describe('without a vehicle billing', () => {
  it('a quota that cannot bill a vehicle is told so, and the flow screens go back to /faturamento', async () => {
    const c = await vehicleClient(stack.baseUrl, 'ana');
    expect((await c.screen('/faturamento/tipo')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/not-alow-faturamento' });
    expect(screenText((await c.screen('/faturamento/not-alow-faturamento')).body)).toContain('Esta cota não pode ser faturada agora.');
    expect((await c.screen('/faturamento/enviardocumentospj')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/identificacao' });
    const paths = ['/faturamento/reenviardocumentos', '/faturamentonovo/introducao', '/faturamentonovo/resolver-pendencias', '/faturamentonovo/dados-veiculo', '/faturamentonovo/valor-compra', '/faturamentonovo/aguardeinclusaodemarca', '/faturamentonovo/aguardeinclusaodeconcessionaria', '/faturamentonovo/dados-concessionaria', '/faturamentonovo/forma-pagamento', '/faturamentonovo/dados-bancarios', '/faturamentonovo/confirmar-faturamento', '/faturamentonovo/envio-documentos', '/faturamentonovo/ordempagamento', '/faturamentonovo/acompanharpagamento', '/faturamentonovo/ordemcompra', '/faturamentonovo/pendencia-detran'];
    for (const path of paths) expect((await c.screen(path)).body).toMatchObject({ kind: 'redirect', to: '/faturamento' });
  });

  it('a company sends the company documents for identification; a Detran pending item is resolved', async () => {
    const company = await vehicleClient(stack.baseUrl, 'vitoria');
    expect((await company.screen('/faturamento/identificacao')).body).toMatchObject({ kind: 'redirect', to: '/faturamento/enviardocumentospj' });
    const form = findAll((await company.screen('/faturamento/enviardocumentospj')).body.layout, (n) => n.type === 'form')[0];
    expect(Object.keys(form.schema.properties)).toEqual(['contratoSocial', 'documentoSocio', 'comprovanteEndereco']);
    expect((await company.action('vehicle-billing/identification', { contratoSocial: [pdfFile()], documentoSocio: [pdfFile()], comprovanteEndereco: [pdfFile()] })).body).toEqual({ kind: 'navigate', to: '/faturamento' });
    expect((await stack.sandbox.calls()).some((call) => call.path === 'antifraude/analise-documento/solicitar-empresa')).toBe(true);

    const c = await vehicleClient(stack.baseUrl, 'fernanda');
    await setVehicle(stack.sandbox, 'fernanda', { status: 'PENDENCIA_DETRAN', pedido: ORDER });
    expect((await c.screen('/faturamento')).body.to).toBe('/faturamentonovo/pendencia-detran');
    expect(screenText((await c.screen('/faturamentonovo/pendencia-detran')).body)).toContain('alienado a outra empresa');
    expect((await c.action('vehicle-billing/detran-resolved', {})).body.to).toBe('/faturamentonovo/acompanharpagamento');
  });
});

describe('manual billing is mobile only', () => {
  it('refuses /faturamento/manual and its aliases on desktop with the unavailable screen and serves them with a mobile user agent', async () => {
    const desktop = await vehicleClient(stack.baseUrl, 'fernanda');
    for (const path of ['/faturamento/manual', '/faturamento/manual/consignado', '/faturamento/manual/financiamento', '/faturamento/manual/maquinasagricolas', '/faturamento/manual/conjuge', '/faturamento/manual/veiculoblindado']) {
      expect((await desktop.screen(path)).body).toMatchObject({ kind: 'redirect', to: '/faturamento/indisponivel' });
    }
    expect(screenText((await desktop.screen('/faturamento/indisponivel')).body)).toContain('O faturamento manual é feito pelo aplicativo no celular.');
    const phone = await vehicleClient(stack.baseUrl, 'fernanda', MOBILE);
    const consigned = await phone.screen('/faturamento/manual/consignado');
    expect(consigned.body.kind).toBe('screen');
    expect(screenText(consigned.body)).toContain('Veículo consignado em revenda');
    expect((await phone.action('vehicle-billing/manual', { ciente: true, motivo: 'consignado' })).body.to).toBe('/faturamentonovo/fluxo-manual');
    expect((await phone.screen('/faturamento')).body.to).toBe('/faturamentonovo/fluxo-manual');
  });
});
