import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

describe('forgot password chain', () => {
  it('takes ana from CPF to birth date to e-mail, sends the date as YYYY-MM-DD and shows where the e-mail went', async () => {
    const c = client(stack.baseUrl);
    expect((await c.screen('/entrar/esqueciasenha/data')).body.to).toBe('/entrar/esqueciasenha/cpfcnpj');
    expect((await c.screen('/entrar/esqueciasenha/cpfcnpj')).body.screen).toBe('esqueci-cpfcnpj');
    expect((await c.action('auth/forgot-identify', { documento: '661.157.509-03' })).body).toEqual({ kind: 'navigate', to: '/entrar/esqueciasenha/data' });
    expect(screenText((await c.screen('/entrar/esqueciasenha/data')).body)).toContain('Informe sua data de nascimento.');

    const date = async (data: string) => (await c.action('auth/forgot-date', { data })).body;
    const badDate = { kind: 'field-errors', errors: { data: 'Informe uma data válida no formato DD/MM/AAAA.' } };
    expect(await date('31/02/1990')).toEqual(badDate);
    expect(await date('1988-04-17')).toEqual(badDate);
    expect(await date('01/01/2999')).toEqual(badDate);
    expect(await date('17/04/1988')).toEqual({ kind: 'navigate', to: '/entrar/esqueciasenha/email' });

    const send = async (email: string, confirmacao = email) => (await c.action('auth/forgot-send', { email, confirmacao })).body;
    expect(await send('ana@')).toEqual({ kind: 'field-errors', errors: { email: 'E-mail inválido' } });
    expect(await send('ana.lima@example.com.br', 'ana@example.com.br')).toEqual({ kind: 'field-errors', errors: { confirmacao: 'Os e-mails informados não são iguais.' } });
    expect(await send('outra@example.com.br')).toEqual({ kind: 'field-errors', errors: {}, message: 'Os dados informados não conferem com o nosso cadastro.' });
    await stack.sandbox.clearCalls();
    expect(await send('ana.lima@example.com.br')).toEqual({ kind: 'navigate', to: '/entrar/esqueciasenha/enviado', replace: true });
    const call = (await stack.sandbox.calls()).find((x) => x.path === 'login/recuperar-senha/cliente');
    expect(call?.body).toEqual({ inscricaoNacional: persona('ana').document, email: 'ana.lima@example.com.br', dataNascimentoFundacao: '1988-04-17' });
    expect(screenText((await c.screen('/entrar/esqueciasenha/enviado')).body)).toContain('Enviamos as instruções para criar uma nova senha para an***@example.com.br.');
  });

  it('asks a company for its founding date', async () => {
    const c = client(stack.baseUrl);
    await c.action('auth/forgot-identify', { documento: persona('delta').document });
    expect(screenText((await c.screen('/entrar/esqueciasenha/data')).body)).toContain('Informe a data de fundação da empresa.');
  });

  it('refuses an invalid CPF before anything else', async () => {
    const res = await client(stack.baseUrl).action('auth/forgot-identify', { documento: '111.111.111-11' });
    expect(res.body).toEqual({ kind: 'field-errors', errors: { documento: 'Informe um CPF ou CNPJ válido.' } });
  });

  it('confirms identity for a forgotten e-mail on a phone (3 minutes of analysis), then takes the new e-mail', async () => {
    const phone = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' };
    const c = client(stack.baseUrl);
    await c.action('auth/forgot-identify', { documento: persona('ana').document });
    await c.action('auth/forgot-date', { data: '17/04/1988' });
    expect((await c.screen('/identificacao')).body.to).toBe('/entrar/esquecioemail/indisponivel');
    expect(screenText((await c.screen('/entrar/esquecioemail/indisponivel')).body)).toContain('só está disponível no aplicativo para celular');
    expect((await c.screen('/identificacao', phone)).body.screen).toBe('identificacao');
    expect((await c.action('auth/identity-start')).body).toEqual({ kind: 'navigate', to: '/entrar/analisandoidentidade', replace: true });
    expect(screenText((await c.screen('/entrar/analisandoidentidade')).body)).toContain('Isso leva cerca de 3 minutos');
    await stack.sandbox.advanceClock(181);
    expect((await c.screen('/entrar/analisandoidentidade')).body.to).toBe('/esquecioemail/identificacaoaprovada');
    expect(screenText((await c.screen('/esquecioemail/identificacaoaprovada')).body)).toContain('Identidade confirmada!');
    expect((await c.screen('/alteraremail')).body.screen).toBe('alteraremail');
    const saved = await c.action('auth/identity-email', { email: 'ana.nova@example.com.br', confirmacao: 'ana.nova@example.com.br' });
    expect(saved.body).toEqual({ kind: 'navigate', to: '/entrar/esqueciasenha/enviado', replace: true });
    expect(screenText((await c.screen('/entrar/esqueciasenha/enviado')).body)).toContain('an***@example.com.br');
  });

  it('sends a refused identity to a branch, and a company to the internal analysis', async () => {
    const helena = client(stack.baseUrl);
    await helena.action('auth/forgot-identify', { documento: persona('helena').document });
    await helena.action('auth/forgot-date', { data: '30/06/1969' });
    await helena.action('auth/identity-start');
    await stack.sandbox.advanceClock(181);
    expect((await helena.screen('/entrar/analisandoidentidade')).body.to).toBe('/identificacaoreprovada');
    expect(screenText((await helena.screen('/identificacaoreprovada')).body)).toContain('Procure uma de nossas filiais');

    const delta = client(stack.baseUrl);
    await delta.action('auth/forgot-identify', { documento: persona('delta').document });
    await delta.action('auth/forgot-date', { data: '12/05/2009' });
    expect((await delta.action('auth/identity-start')).body.to).toBe('/analisandoinformacoes');
    expect(screenText((await delta.screen('/analisandoinformacoes')).body)).toContain('até 7 dias úteis');
  });
});
