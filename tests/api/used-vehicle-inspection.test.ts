import { beforeEach, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { pdfFile, vehicleClient } from '../helpers/vehicle-billing.js';

const stack = useStack();
const NOW = '2026-11-23T13:00:00.000Z';
const HOUR = 3600;

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.setClock(NOW);
});

const calls = async () => stack.sandbox.calls();
const paths = async () => (await calls()).map((c) => c.path);

async function control(path: string, body: unknown) {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}
const setUsed = (estadoProcesso: string, extra: Record<string, unknown> = {}) => control('personas/eduardo/faturamento-seminovo', { estadoProcesso, ...extra });
const inspection = (body: Record<string, unknown>) => control('personas/eduardo/vistoria', body);
const form = (doc: { layout: unknown[] }, id: string) => findAll(doc.layout as never[], (n: { type?: string; id?: string }) => n.type === 'form' && n.id === id)[0];
const rows = (doc: { layout: unknown[] }) => findAll(doc.layout as never[], (n: { type?: string }) => n.type === 'key-value').flatMap((n: { rows: unknown[] }) => n.rows);

describe('used vehicle, digital inspection: eduardo from the found vehicle to the link, the report and the result on the clock', () => {
  it('shows the found vehicle, asks the terms, shows the fee before confirming and sends the link (valid 30 days)', async () => {
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    const approved = await c.screen('/faturamentoseminovo/simulacao/aprovado');
    expect(rows(approved.body)).toContainEqual({ label: 'Placa', text: 'ABC1D23' });
    expect(screenText(approved.body)).toContain('Fiat Argo 2022/2023 · Prata');
    expect(screenText(approved.body)).toContain('Continuar para a vistoria digital');

    expect(screenText((await c.screen('/faturamentoseminovo/vistoriadigital')).body)).toContain('A vistoria custa R$ 150,00, descontados da sua carta de crédito.');
    // The rules open only after the terms were accepted.
    expect((await c.screen('/faturamentoseminovo/vistoriadigital/regras')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoseminovo/vistoriadigital/termos' });
    expect(form((await c.screen('/faturamentoseminovo/vistoriadigital/termos')).body, 'form-termos')).toBeTruthy();
    expect((await c.action('used-vehicle/inspection-terms-digital', {})).body.errors).toEqual({ aceite: 'Para continuar, aceite os termos da vistoria.' });
    expect((await c.action('used-vehicle/inspection-digital', { cienteTaxas: true })).body.message).toBe('Para continuar, aceite os termos da vistoria.');
    expect((await c.action('used-vehicle/inspection-terms-digital', { aceite: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriadigital/regras' });

    const rules = await c.screen('/faturamentoseminovo/vistoriadigital/regras');
    expect(screenText(rules.body)).toContain('A vistoria custa R$ 150,00');
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/inspection-digital', {})).body.errors).toEqual({ cienteTaxas: 'Para continuar, confirme que está ciente das taxas da vistoria.' });
    expect(await paths()).not.toContain('core/faturamento/auto/agendar-vistoria');
    expect((await c.action('used-vehicle/inspection-digital', { cienteTaxas: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriadigital/linkenviado' });
    const put = (await calls()).find((x) => x.path === 'core/faturamento/auto/agendar-vistoria');
    expect(put?.body).toMatchObject({ tipoVistoria: 'VISTORIA_DIGITAL', aceiteTermos: true });

    const sent = await c.screen('/faturamentoseminovo/vistoriadigital/linkenviado');
    expect(screenText(sent.body)).toContain('Link da vistoria enviado');
    expect(rows(sent.body)).toContainEqual({ label: 'Link válido até', text: '23/12/2026 às 10:00' });
    // Once asked, the inspection screens lead to the link page.
    expect((await c.screen('/faturamentoseminovo/vistoriadigital')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoseminovo/vistoriadigital/linkenviado' });
  });

  it('counts the link’s 30 days and the result’s 45 days on the back office’s clock', async () => {
    let c = await vehicleClient(stack.baseUrl, 'eduardo');
    await c.action('used-vehicle/inspection-terms-digital', { aceite: true });
    await c.action('used-vehicle/inspection-digital', { cienteTaxas: true });

    await stack.sandbox.advanceClock(30 * 24 * HOUR);

    c = await vehicleClient(stack.baseUrl, 'eduardo'); // the session's tokens expire with the clock
    const expired = await c.screen('/faturamentoseminovo/vistoriadigital/linkenviado');
    expect(screenText(expired.body)).toContain('O link da vistoria venceu (ele vale 30 dias).');
    expect(rows(expired.body)).toContainEqual({ label: 'Link válido até', text: 'Vencido' });
    expect((await c.action('used-vehicle/inspection-resend-link', { cienteTaxas: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriadigital/linkenviado' });
    expect(rows((await c.screen('/faturamentoseminovo/vistoriadigital/linkenviado')).body)).toContainEqual({ label: 'Link válido até', text: '22/01/2027 às 10:00' });

    // The customer does the inspection; the report comes 24 h later, the result 24 h after it.
    await inspection({ realizada: true });
    await stack.sandbox.advanceClock(24 * HOUR);
    c = await vehicleClient(stack.baseUrl, 'eduardo'); // the session's tokens expire with the clock
    const report = await c.screen('/faturamentoseminovo/vistoriadigital/linkenviado');
    expect(rows(report.body)).toContainEqual({ label: 'Laudo recebido em', text: '24/12/2026 às 10:00' });
    expect(rows(report.body)).toContainEqual({ label: 'Resultado válido até', text: '07/02/2027 às 10:00' });
    await stack.sandbox.advanceClock(24 * HOUR);
    c = await vehicleClient(stack.baseUrl, 'eduardo'); // the session's tokens expire with the clock
    const status = await fetch(`${stack.sandbox.url}/__sandbox/personas/eduardo/vistoria`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json());
    expect(status.estadoProcesso).toBe('GARANTIA_APROVADA');

    // An approved result not used within 45 days expires: a new inspection is needed.
    await stack.sandbox.advanceClock(44 * 24 * HOUR);
    c = await vehicleClient(stack.baseUrl, 'eduardo'); // the session's tokens expire with the clock
    expect(screenText((await c.screen('/faturamentoseminovo/vistoriadigital')).body)).toContain('O resultado da vistoria anterior venceu em 07/02/2027 às 10:00.');
  });
});

describe('used vehicle, simulation with the acceptance rules', () => {
  beforeEach(async () => setUsed('AGUARDANDO_DADOS_VISTORIA'));

  it('shows the rules from the configuration and finds an old-format plate (brand and plate back), FIPE from text, colour trimmed', async () => {
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    const page = (await c.screen('/faturamentoseminovo/simulacao/regrasdeaceite')).body;
    // A table by vehicle class and age, not a wall of text.
    const table = findAll(page.layout, (n) => n.type === 'table')[0];
    expect(table.columns).toEqual(['Veículo', 'Idade do veículo', 'Valor mínimo do veículo']);
    expect(table.rows.filter((r: string[]) => r[0] === 'Automóveis e SUVs')).toEqual([
      ['Automóveis e SUVs', 'até 5 anos', 'igual ao saldo devedor'],
      ['Automóveis e SUVs', '6 a 7 anos', 'saldo devedor + 10%'],
      ['Automóveis e SUVs', '8 a 10 anos', 'saldo devedor + 20%'],
      ['Automóveis e SUVs', 'mais de 10 anos', 'não aceito'],
    ]);
    expect(table.rows).toContainEqual(['Motocicletas', 'mais de 5 anos', 'não aceito']);
    const rules = screenText(page);
    expect(rules).not.toContain('Automóveis e SUVs (até 10 anos):');
    expect(rules).toContain('histórico de leilão');

    expect((await c.action('used-vehicle/plate', { placa: 'abc-1234' })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/simulacao/placaencontrada?placa=ABC1234' });
    const found = await c.screen('/faturamentoseminovo/simulacao/placaencontrada?placa=ABC1234');
    expect(rows(found.body)).toEqual(
      expect.arrayContaining([
        { label: 'Marca', text: 'Volkswagen' },
        { label: 'Ano (fabricação/modelo)', text: '2021/2022' },
        { label: 'Cor', text: 'Branco' },
        { label: 'Valor FIPE', text: 'R$ 72.900,00' },
      ]),
    );
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/simulate-found', { placa: 'ABC1234' })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/simulacao/aprovado' });
    const recorded = await calls();
    expect(recorded.find((x) => x.path === 'core/faturamento/auto/simular')?.body).toMatchObject({ tipo: 'LEVE', anoModelo: 2022, valor: 72_900 });
    expect(recorded.find((x) => x.path === 'core/faturamento/auto/selecionar-veiculo')?.body).toMatchObject({ tipoFaturamento: 'SEMINOVO', placa: 'ABC1234', uf: 'SP', anos: '2021/2022', cor: 'Branco', valor: 72_900, renavam: '09876543210' });
    expect(screenText((await c.screen('/faturamentoseminovo/simulacao/aprovado')).body)).toContain('Volkswagen Polo 2021/2022 · Branco');
  });

  it('refuses a plate in the wrong format and a vehicle too old for its group: the message, nothing sent', async () => {
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    await stack.sandbox.clearCalls();
    for (const placa of ['AB12345', 'ABCD123', 'ABC1D2']) {
      expect((await c.action('used-vehicle/plate', { placa })).body).toEqual({ kind: 'field-errors', errors: { placa: 'Placa inválida. Informe no formato ABC1D23 (Mercosul) ou ABC1234.' } });
    }
    expect(await paths()).toEqual([]);

    expect((await c.action('used-vehicle/simulate-found', { placa: 'OLD2B10' })).body).toEqual({ kind: 'field-errors', errors: { placa: 'Veículo recusado pelas regras de aceite: para Automóveis e SUVs, a idade máxima é de 10 anos.' } });
    const typed = { placa: 'QWE1R23', marca: 'Fiat', modelo: 'Argo', ano: '2012/2013', cor: 'Preto', tipo: 'LEVE', fipe: 'R$ 40.000,00', uf: 'RS' };
    expect((await c.action('used-vehicle/simulate-manual', typed)).body.errors).toEqual({ ano: 'Veículo recusado pelas regras de aceite: para Automóveis e SUVs, a idade máxima é de 10 anos.' });
    expect((await c.action('used-vehicle/simulate-manual', { ...typed, placa: 'QWE-12', ano: '2022', fipe: 'quarenta mil' })).body.errors).toEqual({
      placa: 'Placa inválida. Informe no formato ABC1D23 (Mercosul) ou ABC1234.',
      ano: 'Informe o ano no formato ano de fabricação/ano do modelo, por exemplo 2021/2022.',
      fipe: 'Informe o valor FIPE em reais, por exemplo R$ 45.900,00.',
    });
    expect((await c.action('used-vehicle/simulate-manual', { ...typed, tipo: 'ONIBUS', ano: '2023/2024' })).body.errors).toEqual({ tipo: 'Veículo recusado pelas regras de aceite: esta categoria de veículo não é aceita para a sua cota.' });
    expect(await paths()).not.toContain('core/faturamento/auto/simular');
    expect(await paths()).not.toContain('core/faturamento/auto/selecionar-veiculo');
  });

  it('rejects a recovered chassis, an auction history and a value under the band’s guarantee; marks not found when the plate does not come back', async () => {
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect((await c.action('used-vehicle/simulate-found', { placa: 'CHS3C30' })).body.to).toBe('/faturamentoseminovo/simulacao/reprovado?motivo=chassi&placa=CHS3C30');
    expect(screenText((await c.screen('/faturamentoseminovo/simulacao/reprovado?motivo=chassi')).body)).toContain('chassi remarcado (recuperado) não são aceitos');
    expect((await c.action('used-vehicle/simulate-found', { placa: 'LEI4D40' })).body.to).toContain('motivo=leilao');
    // Strada 2020 (utility, 6 years): balance R$ 58.900,00 + 25% = R$ 73.625,00 over a FIPE of R$ 41.300,00.
    const low = (await c.action('used-vehicle/simulate-found', { placa: 'BAI5E50' })).body.to;
    expect(low).toBe('/faturamentoseminovo/simulacao/reprovado?motivo=garantia&valor=73625&placa=BAI5E50');
    expect(screenText((await c.screen(low)).body)).toContain('o valor do veículo deve ser de pelo menos R$ 73.625,00');
    expect(await paths()).not.toContain('core/faturamento/auto/selecionar-veiculo');

    // The brand without the plate, or an unknown plate: not found, typed by hand.
    expect((await c.action('used-vehicle/plate', { placa: 'MAR6F60' })).body.to).toBe('/faturamentoseminovo/simulacao/placanaoencontrada?placa=MAR6F60');
    expect((await c.action('used-vehicle/plate', { placa: 'XYZ9Z99' })).body.to).toBe('/faturamentoseminovo/simulacao/placanaoencontrada?placa=XYZ9Z99');
    const manual = await c.screen('/faturamentoseminovo/simulacao/placanaoencontrada?placa=XYZ9Z99');
    expect(screenText(manual.body)).toContain('Confira a placa ou preencha os dados à mão.');
    expect(form(manual.body, 'form-veiculo-manual').formData).toEqual({ placa: 'XYZ9Z99' });
    const typed = { placa: 'XYZ9Z99', marca: 'fiat', modelo: 'argo', ano: '2023/2024', cor: '  Azul ', tipo: 'LEVE', fipe: 'R$ 81.250,50', uf: 'RS' };
    await stack.sandbox.clearCalls();
    expect((await c.action('used-vehicle/simulate-manual', typed)).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/simulacao/aprovado' });
    expect((await calls()).find((x) => x.path === 'core/faturamento/auto/selecionar-veiculo')?.body).toMatchObject({ marca: 'Fiat', modelo: 'Argo', cor: 'Azul', valor: 81_250.5, placa: 'XYZ9Z99' });
  });

  it('asks the inclusion of a brand not in the list, which ends after 48 hours', async () => {
    let c = await vehicleClient(stack.baseUrl, 'eduardo');
    const typed = { placa: 'JAC1A23', marca: 'JAC', modelo: 'T40', ano: '2022/2023', cor: 'Branco', tipo: 'SUV_CAMIONETE', fipe: 'R$ 70.000,00', uf: 'SP' };
    expect((await c.action('used-vehicle/simulate-manual', typed)).body.errors).toEqual({ marca: 'Marca não encontrada na lista. Confira o nome ou peça a inclusão da marca.' });
    expect((await c.action('used-vehicle/simulate-manual', { ...typed, incluir: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/simulacao/inclusaodemarca' });
    expect(rows((await c.screen('/faturamentoseminovo/simulacao/inclusaodemarca')).body)).toContainEqual({ label: 'Marca', text: 'JAC' });
    await stack.sandbox.advanceClock(48 * HOUR);
    c = await vehicleClient(stack.baseUrl, 'eduardo'); // the session's tokens expire with the clock
    expect(screenText((await c.screen('/faturamentoseminovo/simulacao')).body)).toContain('Informar a placa');
    expect((await c.action('used-vehicle/simulate-manual', typed)).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/simulacao/aprovado' });
  });
});

describe('used vehicle, technical inspection', () => {
  beforeEach(async () => setUsed('BEM_ENCONTRADO', { isDigital: false }));

  async function toCompanion() {
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect(screenText((await c.screen('/faturamentoseminovo/simulacao/aprovado')).body)).toContain('Continuar para a vistoria técnica');
    expect(screenText((await c.screen('/faturamentoseminovo/vistoriatecnica')).body)).toContain('em até 48 horas');
    expect((await c.screen('/faturamentoseminovo/vistoriatecnica/cep')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoseminovo/vistoriatecnica/termos' });
    await c.action('used-vehicle/inspection-terms-tecnica', { aceite: true });
    expect(screenText((await c.screen('/faturamentoseminovo/vistoriatecnica/regras')).body)).toContain('Agendar a vistoria');
    expect((await c.action('used-vehicle/inspection-cep', { cep: '01310-100' })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriatecnica/endereco?cep=01310100' });
    const address = await c.screen('/faturamentoseminovo/vistoriatecnica/endereco?cep=01310100');
    expect(form(address.body, 'form-endereco-vistoria').formData).toMatchObject({ cep: '01310-100', logradouro: 'Avenida Paulista', cidade: 'São Paulo', estado: 'SP' });
    expect((await c.action('used-vehicle/inspection-address', { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '', bairro: 'Bela Vista', cidade: 'São Paulo', estado: 'SP' })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriatecnica/acompanhante' });
    return c;
  }

  it('clears every address field but the CEP when the lookup fails', async () => {
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    await c.action('used-vehicle/inspection-terms-tecnica', { aceite: true });
    const failed = await c.screen('/faturamentoseminovo/vistoriatecnica/endereco?cep=99999999');
    expect(form(failed.body, 'form-endereco-vistoria').formData).toEqual({ cep: '99999-999' });
    expect(screenText(failed.body)).toContain('Não encontramos este CEP. Preencha o endereço à mão.');
  });

  it('takes the companion and a visit in the future (number 0 when blank), refuses one in the past, and the visit’s report comes on the clock', async () => {
    let c = await toCompanion();
    const page = await c.screen('/faturamentoseminovo/vistoriatecnica/acompanhante');
    expect(rows(page.body)).toContainEqual({ label: 'Endereço', text: 'Avenida Paulista, 0 — Bela Vista, São Paulo/SP · CEP 01310-100' });
    expect(screenText(page.body)).toContain('A vistoria custa R$ 150,00, descontados da sua carta de crédito.');

    await stack.sandbox.clearCalls();
    const past = { nome: 'Marta Santos', telefone: '(51) 98765-4321', data: '2026-11-23', hora: '09:00', cienteTaxas: true };
    expect((await c.action('used-vehicle/inspection-technical', past)).body).toEqual({ kind: 'field-errors', errors: { data: 'A data e a hora da visita não podem estar no passado.' } });
    expect((await c.action('used-vehicle/inspection-technical', { ...past, data: '2026-11-25', telefone: '(00) 1234' })).body.errors).toEqual({ telefone: expect.any(String) });
    expect(await paths()).not.toContain('core/faturamento/auto/agendar-vistoria');

    expect((await c.action('used-vehicle/inspection-technical', { ...past, data: '2026-11-25', hora: '14:30' })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriatecnica/agendada' });
    expect((await calls()).find((x) => x.path === 'core/faturamento/auto/agendar-vistoria')?.body).toMatchObject({
      tipoVistoria: 'VISTORIA_TECNICA',
      aceiteTermos: true,
      endereco: { cep: '01310100', numero: '0', estado: 'SP' },
      acompanhanteVistoria: { nome: 'Marta Santos', telefone: '51987654321', horarioVisita: '2026-11-25T17:30:00.000Z' },
    });
    const scheduled = await c.screen('/faturamentoseminovo/vistoriatecnica/agendada');
    expect(rows(scheduled.body)).toContainEqual({ label: 'Visita', text: '25/11/2026 às 14:30' });

    // The visit at 14:30 on the 25th, the report 24 h after it (2 h visit).
    await stack.sandbox.setClock('2026-11-26T20:00:00.000Z');
    c = await vehicleClient(stack.baseUrl, 'eduardo'); // the session's tokens expire with the clock
    expect(rows((await c.screen('/faturamentoseminovo/vistoriatecnica/agendada')).body)).toContainEqual({ label: 'Laudo recebido em', text: '26/11/2026 às 16:30' });
  });

  it('after a no-show shows the R$ 75,00 re-inspection before rescheduling', async () => {
    const c = await toCompanion();
    await c.action('used-vehicle/inspection-technical', { nome: 'Marta Santos', telefone: '51987654321', data: '2026-11-25', hora: '14:30', cienteTaxas: true });
    await inspection({ naoCompareceu: true });
    const missed = await c.screen('/faturamentoseminovo/vistoriatecnica/agendada');
    expect(screenText(missed.body)).toContain('a nova vistoria custa R$ 75,00');
    expect(screenText((await c.screen('/faturamentoseminovo/vistoriatecnica/acompanhante')).body)).toContain('a nova vistoria custa R$ 75,00');
    expect((await c.action('used-vehicle/inspection-technical', { nome: 'Marta Santos', telefone: '51987654321', data: '2026-11-27', hora: '10:00', cienteTaxas: true })).body.to).toBe('/faturamentoseminovo/vistoriatecnica/agendada');
  });
});

describe('used vehicle, registration update, refused inspection and Detran', () => {
  it('confirms phone, e-mail and address, then opens the simulation', async () => {
    await setUsed('AGUARDANDO_ESCOLHA_BEM');
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    const phone = await c.screen('/faturamentoseminovo/atualizacaocadastral/telefone');
    expect(screenText(phone.body)).toContain('Confira seu telefone');
    expect(findAll(phone.body.layout, (n: { type?: string; label?: string }) => n.type === 'button' && n.label === 'Alterar')[0].action).toEqual({ type: 'navigate', to: '/perfil/email-telefone' });
    expect(rows((await c.screen('/faturamentoseminovo/atualizacaocadastral/email')).body)).toContainEqual({ label: 'E-mail', text: 'eduardo.santos@example.com.br' });
    expect(screenText((await c.screen('/faturamentoseminovo/atualizacaocadastral/endereco')).body)).toContain('Confira seu endereço');
    expect(screenText((await c.screen('/faturamentoseminovo/atualizacaocadastral/resumo')).body)).toContain('eduardo.santos@example.com.br');
    expect((await c.action('used-vehicle/registration-confirm', {})).body.errors).toEqual({ confirma: 'Para continuar, confirme que seus dados estão corretos.' });
    expect((await c.action('used-vehicle/registration-confirm', { confirma: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/simulacao/regrasdeaceite' });
    expect((await c.screen('/faturamentoseminovo/vistoriadigital')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoseminovo/simulacao' });
  });

  it('shows why the inspection was refused and sends the document again for reanalysis', async () => {
    await setUsed('VEICULO_RECUSADO', { respostaAnalista: 'O CRLV enviado está ilegível.' });
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    const refused = await c.screen('/faturamentoseminovo/vistoriarecusada');
    expect(screenText(refused.body)).toContain('O CRLV enviado está ilegível.');
    expect(screenText(refused.body)).toContain('a nova vistoria custa de novo R$ 150,00');
    expect((await c.action('used-vehicle/inspection-document', { documento: [] })).body.errors).toEqual({ documento: 'Todos os arquivos são obrigatórios' });
    expect((await c.action('used-vehicle/inspection-document', { documento: [pdfFile()] })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo/vistoriarecusada/documentoreenviado' });
    expect((await paths()).filter((p) => p === 'antifraude/analise-documento/solicitar-reanalise-vistoria')).toHaveLength(1);
    expect(screenText((await c.screen('/faturamentoseminovo/vistoriarecusada/documentoreenviado')).body)).toContain('até 48 horas');
  });

  it('bills another asset after a refused inspection: the restart charges the fee again and reopens the simulation', async () => {
    await setUsed('VEICULO_RECUSADO');
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect(form((await c.screen('/faturamentoseminovo/vistoriarecusada')).body, 'form-reiniciar')).toBeTruthy();
    expect((await c.action('vehicle-billing/restart', { ciente: true })).body).toMatchObject({ kind: 'snackbar', to: '/faturamento' });
    expect(screenText((await c.screen('/faturamentoseminovo/simulacao')).body)).toContain('Informar a placa');
    expect((await c.screen('/faturamentoseminovo/simulacao/aprovado')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoseminovo/simulacao' });
  });

  it('resolves the Detran pending', async () => {
    await setUsed('PENDENCIA_DETRAN');
    const c = await vehicleClient(stack.baseUrl, 'eduardo');
    expect(screenText((await c.screen('/faturamentoseminovo/pendencia-detran')).body)).toContain('alienado a outra empresa');
    expect((await c.action('used-vehicle/detran-resolved', { resolvido: true })).body).toEqual({ kind: 'navigate', to: '/faturamentoseminovo' });
    expect(await paths()).toContain('core/faturamento/auto/resolver-pendencia-detran');
  });

  it('shows a partner agent the agent’s fee variant and the registration without changing it', async () => {
    await setUsed('AGUARDANDO_ESCOLHA_BEM');
    const token = await stack.sandbox.transparentToken('eduardo', undefined, 'agente-horizonte-7');
    const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    const agent = client(stack.baseUrl);
    agent.agent.jar.setCookie(String(res.headers['set-cookie']).split(';')[0]!, 'localhost', '/');
    const phone = await agent.screen('/faturamentoseminovo/atualizacaocadastral/telefone');
    expect(screenText(phone.body)).toContain('os dados cadastrais só podem ser alterados pelo próprio cliente');
    expect(findAll(phone.body.layout, (n: { type?: string; label?: string }) => n.type === 'button' && n.label === 'Alterar')).toHaveLength(0);
    await setUsed('BEM_ENCONTRADO');
    const intro = screenText((await agent.screen('/faturamentoseminovo/vistoriadigital')).body);
    expect(intro).toContain('A vistoria custa R$ 150,00');
    expect(intro).toContain('Atendimento por agente parceiro: se o veículo for reprovado na vistoria, a taxa é de R$ 75,00.');
  });
});
