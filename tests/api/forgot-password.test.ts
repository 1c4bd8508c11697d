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
});
