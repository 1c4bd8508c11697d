import { beforeEach, describe, expect, it } from 'vitest';
import { asCustomerWithFirstQuota, findAll, screenText } from '../helpers/api-client.js';
import { setQuotaState } from '../helpers/special-flows.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const marcos = () => asCustomerWithFirstQuota(stack.baseUrl, 'marcos', `horizonte.localhost:${stack.port}`);

const requests = async () => (await stack.sandbox.calls()).filter((call) => call.path === 'core/transferencia-cota/solicitar');

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearCalls();
});

describe('quota transfer (doc 2 §2.10, §4.10)', () => {
  it('shows marcos the 1 % fee on his credit and takes a valid assignee to the e-mail confirmation, then success, then the wait page', async () => {
    const { c } = await marcos();
    const intro = screenText((await c.screen('/transferencia-cota/introducao')).body);
    expect(intro).toContain('Taxa de transferência (1% do crédito): R$ 250,00');
    expect((await c.action('quota-transfer/assignee', { cpfCnpj: '661.157.509-03' })).body).toEqual({ kind: 'navigate', to: '/transferencia-cota/confirmar-email' });
    const confirm = screenText((await c.screen('/transferencia-cota/confirmar-email')).body);
    expect(confirm).toContain('marcos.teixeira@example.com.br');
    expect(confirm).toContain('661.157.509-03');
    expect(confirm).toContain('R$ 250,00');
    expect((await c.action('quota-transfer/confirm')).body).toEqual({ kind: 'navigate', to: '/transferencia-cota/sucesso' });
    expect((await requests())[0]?.body).toMatchObject({ cpfCnpjCessionario: '66115750903', email: 'marcos.teixeira@example.com.br' });
    expect(screenText((await c.screen('/transferencia-cota/sucesso')).body)).toMatch(/Protocolo: TC\d{6}/);
    expect((await c.screen('/transferencia-cota/introducao')).body).toMatchObject({ kind: 'redirect', to: '/transferencia-cota/aguarde' });
  });

  it('refuses an assignee CPF that does not check and the holder own CPF, sending nothing', async () => {
    const { c } = await marcos();
    expect((await c.action('quota-transfer/assignee', { cpfCnpj: '123.456.789-00' })).body).toEqual({ kind: 'field-errors', errors: { cpfCnpj: 'CPF/CNPJ inválido. Confira os números digitados.' } });
    expect((await c.action('quota-transfer/assignee', { cpfCnpj: '017.834.426-54' })).body).toEqual({ kind: 'field-errors', errors: { cpfCnpj: 'O cessionário não pode ser o próprio titular da cota.' } });
    expect((await c.screen('/transferencia-cota/confirmar-email')).body).toMatchObject({ kind: 'redirect', to: '/transferencia-cota/cpf-cnpj-cessionario' });
    expect(await requests()).toHaveLength(0);
  });

  it('names the rule that refuses an ineligible quota: overdue, version, situation, contemplation', async () => {
    const { c, idCota } = await marcos();
    const reason = async () => screenText((await c.screen('/transferencia-cota/introducao')).body);
    await setQuotaState(stack, idCota, { parcelasAtraso: 1 });
    expect(await reason()).toContain('Motivo: a cota tem parcelas em atraso.');
    await setQuotaState(stack, idCota, { parcelasAtraso: 0, versao: '01' });
    expect(await reason()).toContain('Motivo: só cotas na versão 0 podem ser transferidas.');
    await setQuotaState(stack, idCota, { versao: '00', situacaoCota: 'CANCELADO' });
    expect(await reason()).toContain('Motivo: a situação da cota não permite a transferência');
    await setQuotaState(stack, idCota, { situacaoCota: 'NORMAL', contempladaHaDias: 3 });
    expect(await reason()).toContain('Motivo: a cota já foi contemplada.');
    expect((await c.screen('/transferencia-cota/cpf-cnpj-cessionario')).body).toMatchObject({ kind: 'redirect', to: '/transferencia-cota/introducao' });
  });

  it('shows the error page with retry when the core system fails, and the retry sends the same assignee', async () => {
    const { c } = await marcos();
    await c.action('quota-transfer/assignee', { cpfCnpj: '46.775.236/0001-09' });
    await stack.sandbox.fault({ method: 'POST', path: 'core/transferencia-cota/solicitar', status: 503, times: 1 });
    expect((await c.action('quota-transfer/confirm')).body).toEqual({ kind: 'navigate', to: '/transferencia-cota/erro' });
    const error = (await c.screen('/transferencia-cota/erro')).body;
    expect(screenText(error)).toContain('Ops, não foi possível concluir a transferência de cota');
    const retry = findAll(error.layout, (n) => n.type === 'button' && n.label === 'Tentar novamente')[0];
    expect(retry.action.action).toBe('quota-transfer/confirm');
    expect((await c.action('quota-transfer/confirm')).body).toEqual({ kind: 'navigate', to: '/transferencia-cota/sucesso' });
    expect((await requests()).at(-1)?.body).toMatchObject({ cpfCnpjCessionario: '46775236000109' });
  });
});
