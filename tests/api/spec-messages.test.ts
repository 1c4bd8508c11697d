import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

/**
 * Messages the spec quotes that no journey met yet (docs/spec-coverage.md lists every quote and
 * the test that names it): each where a customer meets it.
 */
const stack = useStack();

describe('the spec’s quoted messages where a customer meets them', () => {
  it('a phone number that cannot be one: "Telefone inválido" (doc 1 §5)', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const res = await c.action('profile/contact-save', { ddd: '31', numero: '9'.repeat(21), tipo: 3 });
    expect(res.body.errors.numero).toMatch(/^Telefone inválido/);
  });

  it('logging in says "Um momento, estamos buscando suas cotas..." while the quotas load, the slip list says "Buscando..." (doc 1 §8 loading labels)', async () => {
    const c = client(stack.baseUrl);
    const login = findAll((await c.screen('/entrar')).body.layout, (n) => n.type === 'form' && n.submit?.action?.action === 'auth/login');
    expect(login.map((n) => n.submit.action.loadingMessage)).toEqual(['Um momento, estamos buscando suas cotas...', 'Um momento, estamos buscando suas cotas...']);
    await c.loginWithQuota('ana');
    const slips = findAll((await c.screen('/boletos')).body.layout, (n) => n.loadingMessage === 'Buscando...' || n.action?.loadingMessage === 'Buscando...');
    expect(slips.length).toBeGreaterThan(0);
  });

  it('a call-back request the back office cannot take: "Falha ao realizar esta operação. Tente novamente em instantes." (doc 2 §8)', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('igor');
    await stack.sandbox.fault({ method: 'POST', path: 'core/pos-venda/retorno-contato', status: 503, times: 1, body: {} });
    const res = await c.action('post-sale/callback', { telefone: '(85) 98777-8888', periodo: 'TARDE', motivo: 'SEGURANCA' });
    expect(res.body.message).toBe('Falha ao realizar esta operação. Tente novamente em instantes.');
  });

  it('a refund that cannot be confirmed says why: in progress, or not accessible now (doc 2 §8)', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('gustavo');
    expect(screenText((await c.screen('/devolucao/nao-confirmada?motivo=em-andamento')).body)).toContain('Já existe uma solicitação de devolução em andamento para esta cota.');
    expect(screenText((await c.screen('/devolucao/nao-confirmada?motivo=indisponivel')).body)).toContain('A devolução não está acessível no momento. Tente novamente mais tarde.');
  });

  it('a quota that may not bill its credit in cash is told "Faturamento indisponível" (doc 2 §8)', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    expect(screenText((await c.screen('/faturamento/not-alow-faturamento')).body)).toContain('Faturamento indisponível');
  });

  it('a sieve result the back office did not send: "Não foi possível recuperar todas as informações do crivo." (doc 2 §8)', async () => {
    await stack.sandbox.setAwarded('fernanda', { status: 'CADASTRO_APROVADO_COMITE' });
    const c = client(stack.baseUrl);
    await c.loginWithQuota('fernanda');
    const noSieve = { status: 'CADASTRO_APROVADO_COMITE', modalidadeContemplacao: 'SO', dataContemplacao: '2026-11-01', termoAceitoEm: '2026-11-02', garantia: null, tipoPesado: null, prazoDocumentos: null, crivo: null, motivo: null };
    await stack.sandbox.fault({ method: 'GET', path: 'core/contemplacao/status', status: 200, times: 1, body: noSieve });
    expect(screenText((await c.screen('/contemplado/crivo')).body)).toContain('Não foi possível recuperar todas as informações do crivo.');
  });
});
