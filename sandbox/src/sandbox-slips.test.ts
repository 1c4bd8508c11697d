import { describe, expect, it } from 'vitest';
import { BASE, CLIENT, useSandbox } from '../../tests/helpers/sandbox-inject.js';

/** The sandbox's slips, renegotiation and CRM cases, asked as the back office's paths. */
const { app: sandbox, login, get, post, quotaSession } = useSandbox();

interface Pending {
  identificadorCobranca: string;
  idCota: number;
  emAtraso: boolean;
  valor: number;
  dataVencimento: string;
}

describe('slips', () => {
  it('issues ana a slip whose typeable line is valid and carries its value and due date; the same request twice is one slip', async () => {
    const { isValidBoleto, getBoletoInfo } = await import('@brazilian-utils/brazilian-utils');
    const ana = await quotaSession('ana');
    const listing = (await get(`cotas/${ana.idCota}/cobrancas/segunda-via?SN_UnificaParcelasOutrasCota=N`, ana.quota)).json() as { identificador: string; parcelas: Pending[] };
    expect(listing.parcelas.map((p) => p.emAtraso)).toEqual([false, false]);
    const body = { identificadorProcesso: listing.identificador, cobrancas: [listing.parcelas[0]!.identificadorCobranca] };
    const first = (await post(`cotas/${ana.idCota}/cobrancas/boleto`, body, ana.quota)).json() as { idBoleto: string; linhaDigitavel: string; valorCobrado: number; dataVencimento: string };
    const again = (await post(`cotas/${ana.idCota}/cobrancas/boleto`, body, ana.quota)).json() as { idBoleto: string };
    expect(again.idBoleto).toBe(first.idBoleto);
    expect(isValidBoleto(first.linhaDigitavel)).toBe(true);
    const info = getBoletoInfo(first.linhaDigitavel, { referenceDate: new Date() })!;
    expect(info.amount).toBe(Math.round(first.valorCobrado * 100));
    expect(info.expirationDate!.toISOString().slice(0, 10)).toBe(first.dataVencimento);
    const pdf = await get(`cotas/${ana.idCota}/boletos/${first.idBoleto}/imprimir`, ana.quota);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('issues every slip as a boleto com Pix: a valid BR Code for its value, the same on every answer, whose QR code in the PDF reads back to it', async () => {
    const [{ readBrCode }, { pixQrPng }, { default: jsQR }, { PNG }] = await Promise.all([import('../../back-office/pix.js'), import('./pdf.js'), import('jsqr'), import('pngjs')]);
    const ana = await quotaSession('ana');
    const listing = (await get(`cotas/${ana.idCota}/cobrancas/segunda-via?SN_UnificaParcelasOutrasCota=N`, ana.quota)).json() as { identificador: string; parcelas: Pending[] };
    const body = { identificadorProcesso: listing.identificador, cobrancas: [listing.parcelas[0]!.identificadorCobranca] };
    const issued = (await post(`cotas/${ana.idCota}/cobrancas/boleto`, body, ana.quota)).json() as { idBoleto: string; valorCobrado: number; pixCopiaECola: string };
    const code = readBrCode(issued.pixCopiaECola);
    expect(code).toMatchObject({ amount: issued.valorCobrado, merchantName: 'Consorcio Aurora', txid: `BOLETO${issued.idBoleto}` });
    expect(((await get(`cotas/${ana.idCota}/boletos/${issued.idBoleto}`, ana.quota)).json() as { pixCopiaECola: string }).pixCopiaECola).toBe(issued.pixCopiaECola);
    const payoff = (await post(`cotas/${ana.idCota}/cobrancas/quitacao/boleto`, {}, ana.quota)).json() as { valorCobrado: number; pixCopiaECola: string };
    expect(readBrCode(payoff.pixCopiaECola)?.amount).toBe(payoff.valorCobrado);
    const png = PNG.sync.read(await pixQrPng(issued.pixCopiaECola));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(issued.pixCopiaECola);
  });

  it('needs the token of the selected quota', async () => {
    const ana = await quotaSession('ana');
    expect((await get(`cotas/${ana.idCota}/cobrancas/segunda-via`, ana.customer)).statusCode).toBe(403);
  });

  it('unifies carla’s on-time instalments of both quotas and refuses a late one among them', async () => {
    const carla = await quotaSession('carla');
    const listing = (await get(`cotas/${carla.idCota}/cobrancas/segunda-via?SN_UnificaParcelasOutrasCota=S`, carla.quota)).json() as { parcelas: Pending[] };
    expect(new Set(listing.parcelas.map((p) => p.idCota)).size).toBe(2);
    const onTime = listing.parcelas.filter((p) => !p.emAtraso);
    const late = listing.parcelas.find((p) => p.emAtraso)!;
    for (const p of onTime) expect((await post(`cotas/${carla.idCota}/cobrancas/segunda-via/marcar`, { identificadorCobranca: p.identificadorCobranca }, carla.quota)).statusCode).toBe(200);
    const refused = await post(`cotas/${carla.idCota}/cobrancas/segunda-via/marcar`, { identificadorCobranca: late.identificadorCobranca }, carla.quota);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Parcelas em atraso não podem ser agrupadas com parcelas em dia.' });
    const slip = (await post(`cotas/${carla.idCota}/cobrancas/segunda-via/gerar-boleto`, {}, carla.quota)).json() as { valorCobrado: number; cobrancas: string[] };
    expect(slip.cobrancas).toHaveLength(2);
    expect(slip.valorCobrado).toBeCloseTo(onTime[0]!.valor + onTime[1]!.valor, 2);
  });

  it('locks the slip-delivery preference for 24 hours after a change', async () => {
    const ana = await quotaSession('ana');
    const put = (formaEnvio: string) => sandbox().inject({ method: 'PUT', url: `${BASE}/cotas/${ana.idCota}/forma-envio`, headers: { ...CLIENT, access_token: ana.quota }, payload: { formaEnvio } });
    expect((await put('CORREIO')).statusCode).toBe(200);
    expect((await put('EMAIL')).json()).toMatchObject({ code: 'PREFERENCE_LOCKED' });
  });
});

describe('renegotiation', () => {
  it('lets carla renegotiate her two late instalments (one per quota) and refuses a third in one go', async () => {
    const { customer } = await quotaSession('carla');
    expect((await get('renegociacao-parcelas/validar', customer)).json()).toMatchObject({ podeRenegociar: true });
    const late = ((await get('obter-parcelas', customer)).json() as { parcelasEmAtraso: Array<{ identificadorCobranca: string }> }).parcelasEmAtraso;
    expect(late).toHaveLength(2);
    const ids = late.map((p) => p.identificadorCobranca);
    const three = await post('selecionar-parcelas', { parcelasSelecionadas: [...ids, '9999-001'] }, customer);
    expect(three.json()).toEqual({ detail: 'É possível renegociar no máximo 2 parcelas por vez.' });
    expect((await post('selecionar-parcelas', { parcelasSelecionadas: ids }, customer)).statusCode).toBe(200);
    expect(((await get('resumo-renegociacao', customer)).json() as { parcelas: unknown[] }).parcelas).toHaveLength(2);
    expect((await post('confirmar-renegociacao', {}, customer)).statusCode).toBe(200);
    expect((await get('renegociacao-parcelas/validar', customer)).json()).toMatchObject({ podeRenegociar: false, motivo: 'Não há parcelas em atraso para renegociar.' });
  });

  it('refuses a fourth renegotiation in the plan and a quota with fewer than 3 paid instalments', async () => {
    const { customer } = await quotaSession('carla');
    const validar = async () => (await get('renegociacao-parcelas/validar', customer)).json() as { podeRenegociar: boolean; motivo: string | null };
    expect((await validar()).podeRenegociar).toBe(true);
    await sandbox().inject({ method: 'POST', url: '/__sandbox/quotas/carla/renegociacoes', payload: { renegociacoes: 3 } });
    expect(await validar()).toMatchObject({ podeRenegociar: false, motivo: 'O limite de 3 renegociações no plano foi atingido.' });
    await sandbox().inject({ method: 'POST', url: '/__sandbox/quotas/carla/renegociacoes', payload: { renegociacoes: 2, parcelasPagas: 2 } });
    expect(await validar()).toMatchObject({ podeRenegociar: false, motivo: 'A renegociação só é possível depois de pagas as 3 primeiras parcelas.' });
    await sandbox().inject({ method: 'POST', url: '/__sandbox/quotas/carla/renegociacoes', payload: { renegociacoes: 2, parcelasPagas: 3 } });
    expect((await validar()).podeRenegociar).toBe(true);
  });
});

describe('CRM case creation (doc 1 §7)', () => {
  const create = (accountId: string, idCota: number, url = '/services/data/v43.0/sobjects/Case') => ({
    compositeRequest: [{ method: 'POST', url, referenceId: 'caso', body: { AccountId: accountId, Cota__r: { IdExterno__c: String(idCota) }, Type: 'Pagamento de Crédito em Espécie', Description: 'teste' } }],
  });

  it('opens a case with composite 201 for the customer’s own account and quota, and refuses a second one in progress with composite 400', async () => {
    const nina = await login('nina');
    const [quota] = (await get('cotas/simples', nina.access_token)).json().data;
    const { accountId } = (await post('salesforce/consulta/accountid', { CPF_CNPJ: '208.436.018-84' }, nina.access_token)).json();
    const first = (await post('salesforce/casos', create(accountId, quota.idCota), nina.access_token)).json();
    expect(first.compositeResponse[0]).toMatchObject({ httpStatusCode: 201, body: { success: true, CaseNumber: '00050001' } });
    const second = (await post('salesforce/casos', create(accountId, quota.idCota), nina.access_token)).json();
    expect(second.compositeResponse[0]).toMatchObject({ httpStatusCode: 400, body: [{ errorCode: 'DUPLICATE_VALUE' }] });
    expect((await get(`core/faturamento-credito/status?idCota=${quota.idCota}`, nina.access_token)).json().possuiCaso).toBe(true);
  });

  it('refuses another customer’s account or quota, a CPF that is not the caller’s, and an API version other than v43.0', async () => {
    const nina = await login('nina');
    const ana = await login('ana');
    const [own] = (await get('cotas/simples', nina.access_token)).json().data;
    const [other] = (await get('cotas/simples', ana.access_token)).json().data;
    const { accountId } = (await post('salesforce/consulta/accountid', { CPF_CNPJ: '20843601884' }, nina.access_token)).json();
    expect((await post('salesforce/consulta/accountid', { CPF_CNPJ: '66115750903' }, nina.access_token)).statusCode).toBe(404);
    expect((await post('salesforce/casos', create(accountId, other.idCota), nina.access_token)).json().compositeResponse[0].httpStatusCode).toBe(400);
    expect((await post('salesforce/casos', create('001000000000000000', own.idCota), nina.access_token)).json().compositeResponse[0].httpStatusCode).toBe(400);
    expect((await post('salesforce/casos', create(accountId, own.idCota, '/services/data/v52.0/sobjects/Case'), nina.access_token)).statusCode).toBe(400);
  });
});
