/**
 * The field rules of docs/authorization.md, attacked: a partner agent acting for a customer sends
 * every registration change, a company sends an e-mail it may not change here, and a login that
 * owes a one-time code looks for the contacts it is sent to. Each is refused or masked, and the
 * back office hears of no change.
 */
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** The changes of registration data a customer makes in the profile, each with a body the customer's own would pass. */
const REGISTRATION_CHANGES: Array<[action: string, body: Record<string, unknown>]> = [
  ['profile/address-save', { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', tipo: 1 }],
  ['profile/contact-save', { email: 'outro@example.com.br', confirmacao: 'outro@example.com.br', ddd: '31', numero: '98888-7777', tipo: 3 }],
  ['profile/income-save', { valorRenda: '9.000,00', profissao: 6, estadoCivil: 1, tipoAcessibilidade: 1 }],
  ['notifications/preference-save', { formaEnvio: 'SMS' }],
];

/** What guards the customer's account: the password asked again, the other sessions ended. */
const ACCOUNT_CHANGES: Array<[action: string, body: Record<string, unknown>]> = [
  ['auth/reauthenticate', { senha: persona('ana').password, motivo: 'contato' }],
  ['profile/sessions-end-others', { origem: 'sessoes' }],
];

/** A partner agent's session for ana, opened by a one-use transparent-login link. */
async function partnerAgent() {
  const token = await stack.sandbox.transparentToken('ana', undefined, 'agente-horizonte-7');
  const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
  const agent = client(stack.baseUrl);
  agent.agent.jar.setCookie(String(res.headers['set-cookie']).split(';')[0]!, 'localhost', '/');
  return agent;
}

const writes = async () => (await stack.sandbox.calls()).filter((call) => call.method !== 'GET');

describe('a partner agent (transparent login) reads registration data and changes none', () => {
  it('reads the profile, its address and contacts', async () => {
    const agent = await partnerAgent();
    expect(screenText((await agent.screen('/perfil')).body)).toContain('Você está atendendo este cliente como parceiro');
    expect(screenText((await agent.screen('/perfil/endereco')).body)).toContain('Endereço atual');
  });

  it('is refused every registration change, with nothing sent to the back office', async () => {
    const agent = await partnerAgent();
    await stack.sandbox.clearCalls();
    for (const [action, body] of REGISTRATION_CHANGES) {
      const res = await agent.action(action, body);
      expect(res.body.kind, action).toBe('error');
      expect(res.body.message, action).toMatch(/parceiro|próprio cliente/);
    }
    expect(await writes()).toEqual([]);
  });

  it('is refused the password check and the ending of the customer’s other sessions', async () => {
    const agent = await partnerAgent();
    const customer = client(stack.baseUrl);
    await customer.login('ana');
    await stack.sandbox.clearCalls();
    for (const [action, body] of ACCOUNT_CHANGES) {
      const res = await agent.action(action, body);
      expect(res.body.kind, action).toBe('error');
      expect(res.body.message, action).toMatch(/parceiro/);
    }
    expect(await writes()).toEqual([]);
    expect((await customer.screen('/perfil')).body.kind, 'the customer’s own session goes on').not.toBe('redirect');
  });
});

describe('a company (CNPJ) cannot change its e-mail here', () => {
  it('keeps the company’s e-mail when one is sent with the phone, and changes only the phone', async () => {
    const c = client(stack.baseUrl);
    await c.login('delta');
    await c.action('auth/reauthenticate', { senha: persona('delta').password, motivo: 'contato' });
    const typed = 'invasor@example.com.br';
    expect((await c.action('profile/contact-save', { email: typed, confirmacao: typed, ddd: '31', numero: '98888-7777', tipo: 3 })).body.to).toBe('/perfil/token');
    await c.action('profile/token-send');
    await stack.sandbox.clearCalls();
    await c.action('profile/token-validate', { codigo: await stack.sandbox.lastCode() });
    const sent = await writes();
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(sent)).not.toContain(typed);
  });
});

describe('a login that owes a one-time code sees its contacts masked', () => {
  it('shows the phone and e-mail the code goes to masked, on every step before the code', async () => {
    const c = client(stack.baseUrl);
    expect((await c.login('lara')).body.to).toBe('/entrar/verificacao/enviar');
    const steps = [await c.screen('/entrar/verificacao/enviar')];
    await c.action('auth/otp-send', { canal: 'sms' });
    steps.push(await c.screen('/entrar/verificacao/cpf-cnpj'));
    await c.action('auth/otp-confirm-document', { documento: persona('lara').document });
    steps.push(await c.screen('/entrar/verificacao/inserir'));
    expect(screenText(steps[0]!.body)).toContain('(48) *****-4567');
    for (const step of steps) {
      const whole = JSON.stringify(step.body);
      expect(whole).not.toContain('lara.barbosa@example.com.br');
      expect(whole).not.toMatch(/48\D?9?\D?8456\D?4567/);
    }
  });

  it('opens no screen with the registration data before the code', async () => {
    const c = client(stack.baseUrl);
    await c.login('lara');
    for (const path of ['/perfil', '/perfil/email-telefone', '/confirmar-dados-cadastrais']) {
      expect((await c.screen(path)).body.to, path).toBe('/entrar/verificacao/enviar');
    }
  });
});
