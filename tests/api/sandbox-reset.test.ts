import { createHash } from 'node:crypto';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox/src/app.js';
import { FAQ } from '../../sandbox/src/state/content.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/**
 * Everything a sandbox knows and records, as plain data: maps and sets with their entries in
 * order, buffers by their hash, an object met twice (the clock) named once.
 */
function snapshot(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `buffer ${createHash('sha256').update(value).digest('hex')}`;
  if (seen.has(value)) return '(seen)';
  seen.add(value);
  if (value instanceof Map) return { map: [...value].map(([k, v]) => [snapshot(k, seen), snapshot(v, seen)]) };
  if (value instanceof Set) return { set: [...value].map((v) => snapshot(v, seen)) };
  if (Array.isArray(value)) return value.map((v) => snapshot(v, seen));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v, seen)]));
}

async function freshSeed(): Promise<unknown> {
  const pristine = await buildSandbox({ logger: false });
  try {
    return snapshot(pristine.sandboxContext);
  } finally {
    await pristine.close();
  }
}

async function loggedIn(persona: string, host?: string) {
  const c = client(stack.baseUrl, host);
  await c.loginWithQuota(persona);
  return c;
}

const bidProtocols = async (c: ReturnType<typeof client>) =>
  findAll((await c.screen('/bid_history')).body.layout, (n) => typeof n.title === 'string' && n.title.startsWith('Protocolo ')).map((n) => n.title as string);

describe('POST /__sandbox/reset', () => {
  it('brings back every seed after bids, protocols, cases, documents, refunds, preferences, notifications, codes and controls changed', async () => {
    const seedBids = await bidProtocols(await loggedIn('ana'));
    expect(seedBids).toEqual(['Protocolo 2026700101', 'Protocolo 2026700100']);

    // Bids: two offers (the second replaces the first) and a cancellation.
    const ana = await loggedIn('ana');
    for (const valor of ['10.000,00', '11.000,00']) {
      await ana.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor });
      expect((await ana.action('bids/confirm')).body.kind).toBe('navigate');
    }
    const active = findAll((await ana.screen('/bid_history')).body.layout, (n) => n.type === 'button' && n.action?.action === 'bids/cancel-confirm')[0];
    expect((await ana.action('bids/cancel', active.action.payload)).body.kind).toBe('snackbar');
    expect((await bidProtocols(ana)).length).toBe(4);
    // Slips, their e-mail, delivery, notification preferences, push, a notification read, FAQ feedback, nickname and photo.
    const hub = await ana.screen('/boletos?filtro=todos');
    const generate = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
    const slip = await ana.action('slips/generate', generate.action.payload);
    const idBoleto = new URLSearchParams(String(slip.body.to).split('?')[1]).get('boleto')!;
    await ana.action('slips/email', { boleto: idBoleto, destinatarios: [{ nome: 'Ana', email: 'ana@example.com' }] });
    await stack.sandbox.paySlip(idBoleto);
    await ana.action('slips/delivery', { formaEnvio: 'CORREIO' });
    await ana.action('notifications/preference-save', { formaEnvio: 'SMS' });
    await ana.action('notifications/push', { bloquear: true });
    const unread = findAll((await ana.screen('/notifications')).body.layout, (n) => typeof n.action?.to === 'string' && n.action.to.startsWith('/notifications/'))[0];
    await ana.screen(unread.action.to);
    await ana.action('help/feedback', { question_id: FAQ[1]![0]!.questions[0]!.id, is_helpful: true });
    await ana.action('quotas/nickname', { apelido: 'Meu carro' });
    await ana.action('evaluation/answer', { fluxo: 'boletos', gostou: true });
    // A registration change confirmed by an SMS code (codes sent, registration records).
    await ana.action('profile/address-save', { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1000', complemento: '', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', tipo: 1 });
    await ana.action('profile/token-send');
    expect((await ana.action('profile/token-validate', { codigo: await stack.sandbox.lastCode() })).body.kind).toBe('snackbar');
    expect(screenText((await ana.screen('/perfil/endereco')).body)).toContain('Avenida Paulista, 1000');
    // Renegotiation protocol (carla), quota transfer and insurance case (marcos), refund (gustavo), cash billing (nina).
    const carla = await loggedIn('carla');
    const late = findAll((await carla.screen('/boletos/renegociar/parcelasdisponiveis')).body.layout, (n) => n.id === 'form-renegociar')[0];
    await carla.action('renegotiation/select', { parcelas: late.schema.properties.parcelas.items.enum });
    expect((await carla.action('renegotiation/confirm')).body.to).toMatch(/protocolo=RN/);
    const marcos = await loggedIn('marcos', `horizonte.localhost:${stack.port}`);
    await marcos.action('quota-transfer/assignee', { cpfCnpj: '661.157.509-03' });
    expect((await marcos.action('quota-transfer/confirm')).body).toEqual({ kind: 'navigate', to: '/transferencia-cota/sucesso' });
    expect((await marcos.action('insurance/request', { telefone: '(62) 98789-7890', email: 'marcos.teixeira@example.com.br', horario: 'TARDE' })).body.kind).toBe('navigate');
    const gustavo = await loggedIn('gustavo');
    expect((await gustavo.action('refund/start')).body.kind).toBe('navigate');
    const nina = await loggedIn('nina');
    expect((await nina.action('cash-billing/start', { confirmaTipo: true })).body.kind).toBe('navigate');
    // Identity checks, one-time codes, transparent tokens, the assistant.
    await client(stack.baseUrl).action('assistant/message', { mensagem: 'Como emito a segunda via do boleto?', chave: 'reset-test-0001' });
    const token = await stack.sandbox.transparentToken('ana');
    // The control routes' own changes.
    await stack.sandbox.setPlan('carla', { renegociacoes: 2 });
    await stack.sandbox.addCase('julia', { numero: '00099999', tipo: 'Outro', status: 'EM_ANDAMENTO', fase: 'Prazo Finalizado', criadoHaDias: 3 });
    await stack.sandbox.setRefund('gustavo', { status: 'DOCUMENTO_APROVADO' });
    await stack.sandbox.setWarnings(1, [{ startDate: '2026-01-01', startHour: '00:00', endDate: '2026-01-02', endHour: '00:00', active: true, text: 'Manutenção' }]);
    await stack.sandbox.setPortfolio('ana', { cotas: 3, parcelasEmAberto: 5, lances: 30 });
    await stack.sandbox.fault({ method: 'GET', path: 'cotas', status: 503, times: 5 });
    await stack.sandbox.advanceClock(3600);

    expect(snapshot(stack.sandboxApp.sandboxContext)).not.toEqual(await freshSeed());
    await stack.sandbox.reset();
    expect(snapshot(stack.sandboxApp.sandboxContext)).toEqual(await freshSeed());
    // What ana sees again: the two bids and the address of the seed; a token minted before opens nothing.
    const again = await loggedIn('ana');
    expect(await bidProtocols(again)).toEqual(seedBids);
    expect(screenText((await again.screen('/perfil/endereco')).body)).toContain('Rua XV de Novembro, 100');
    expect((await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0)).headers.location).not.toBe('/home');
  });
});
