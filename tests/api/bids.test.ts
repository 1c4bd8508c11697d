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
    expect((await c.action('bids/cancel', { protocolo })).body.message).toBe('Este lance não pode mais ser cancelado.');
  });
});
