import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();


describe('profile: address by CEP, confirmed by an SMS token', () => {
  it('fills the address from the CEP, asks for the SMS token and only then changes the back office', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    expect(screenText((await c.screen('/perfil/endereco')).body)).toContain('Rua XV de Novembro, 100 — Centro, Curitiba/PR');
    expect((await c.action('profile/cep-lookup', { cep: '0131-0100' })).body).toEqual({ kind: 'field-errors', errors: { cep: 'CEP inválido. Use o formato 00000-000.' } });
    expect((await c.action('profile/cep-lookup', { cep: '01310-100' })).body).toEqual({ kind: 'navigate', to: '/perfil/endereco?cep=01310100', replace: true });
    const filled = findAll((await c.screen('/perfil/endereco?cep=01310100')).body.layout, (n) => n.id === 'form-endereco')[0];
    expect(filled.formData).toMatchObject({ cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', numero: '' });

    const save = await c.action('profile/address-save', { ...filled.formData, numero: '1000', complemento: 'ap 12' });
    expect(save.body).toEqual({ kind: 'navigate', to: '/perfil/token' });
    expect(screenText((await c.screen('/perfil/token')).body)).toContain('Se você sair desta tela, será preciso pedir um novo código.');
    expect((await stack.sandbox.calls()).some((call) => call.method === 'PUT')).toBe(false);

    await c.action('profile/token-send');
    expect((await c.action('profile/token-validate', { codigo: 'ZZZZ' })).body.errors.codigo).toBe('Código de segurança inválido. Confira e digite novamente.');
    expect((await c.action('profile/token-validate', { codigo: await stack.sandbox.lastCode() })).body).toEqual({ kind: 'snackbar', message: 'Endereço atualizado.', to: '/perfil/endereco' });
    const put = (await stack.sandbox.calls()).find((call) => call.method === 'PUT' && call.path.endsWith('/dados-cadastrais'));
    expect(put?.body).toMatchObject({ enderecos: [{ cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000', complemento: 'ap 12', uf: 'SP' }] });
    expect(screenText((await c.screen('/perfil/endereco')).body)).toContain('Avenida Paulista, 1000 — Bela Vista, São Paulo/SP');
  });

  it('keeps the CEP and clears the rest when the lookup finds nothing', async () => {
    const c = client(stack.baseUrl);
    await c.login('bruno');
    const screen = await c.screen('/perfil/endereco?cep=69900970');
    expect(screenText(screen.body)).toContain('Não encontramos este CEP. Preencha o endereço.');
    const form = findAll(screen.body.layout, (n) => n.id === 'form-endereco')[0];
    expect(form.formData).toEqual({ tipo: 1, cep: '69900-970' });
  });

  it('refuses an address with missing fields before anything is sent', async () => {
    const c = client(stack.baseUrl);
    await c.login('bruno');
    const res = await c.action('profile/address-save', { cep: '01310-100', logradouro: '', numero: '', bairro: 'x', cidade: 'y', uf: 'XX', tipo: 1 });
    expect(res.body.errors).toMatchObject({ logradouro: 'Campo obrigatório', numero: 'Campo obrigatório', uf: 'Escolha o estado.' });
  });

  it('changes e-mail and phone with the token, refusing a bad DDD, a mobile without 9 and different e-mails', async () => {
    const c = client(stack.baseUrl);
    await c.login('carla');
    expect(screenText((await c.screen('/perfil/email-telefone')).body)).toContain('(31) 9 9123-4567');
    // The password again first (tests/api/customer-sessions.test.ts tests it).
    expect((await c.action('auth/reauthenticate', { senha: persona('carla').password, motivo: 'contato' })).body.to).toBe('/perfil/email-telefone');
    const save = (fields: Record<string, unknown>) => c.action('profile/contact-save', { ddd: '31', numero: '991234567', tipo: 3, ...fields });
    expect((await save({ ddd: '20' })).body.errors).toEqual({ ddd: 'DDD inválido.' });
    expect((await save({ numero: '81234567' })).body.errors).toEqual({ numero: 'Celular deve ter 11 dígitos e começar com 9 depois do DDD.' });
    expect((await save({ email: 'carla@', confirmacao: 'carla@' })).body.errors).toEqual({ email: 'E-mail inválido' });
    expect((await save({ email: 'carla.nova@example.com.br', confirmacao: 'carla@example.com.br' })).body.errors).toEqual({ confirmacao: 'Os e-mails informados não são iguais.' });
    expect((await save({ email: 'carla.nova@example.com.br', confirmacao: 'carla.nova@example.com.br', ddd: '31', numero: '98888-7777' })).body.to).toBe('/perfil/token');
    await c.action('profile/token-send');
    expect((await c.action('profile/token-validate', { codigo: await stack.sandbox.lastCode() })).body.message).toBe('E-mail e telefone atualizados.');
    const text = screenText((await c.screen('/perfil/email-telefone')).body);
    expect(text).toContain('carla.nova@example.com.br');
    expect(text).toContain('(31) 9 8888-7777');
  });

  it('does not let a company change its e-mail here', async () => {
    const c = client(stack.baseUrl);
    await c.login('delta');
    await c.action('auth/reauthenticate', { senha: persona('delta').password, motivo: 'contato' });
    const screen = await c.screen('/perfil/email-telefone');
    expect(screenText(screen.body)).toContain('Empresas alteram o e-mail enviando uma mensagem');
    expect(findAll(screen.body.layout, (n) => n.id === 'form-contato')).toEqual([]);
    expect(findAll(screen.body.layout, (n) => n.id === 'form-contato-empresa')).toHaveLength(1);
  });

  it('shows the main bank account and the main Pix key (the first of each)', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    const text = screenText((await c.screen('/perfil')).body);
    expect(text).toContain('Itaú Unibanco · agência 1234 · conta 567890-1 (corrente)');
    expect(text).toContain('661.157.509-03');
    expect(text).not.toContain('deve');
  });

  it('saves income and assets from the reference lists, the marriage regime only for the married', async () => {
    const c = client(stack.baseUrl);
    await c.login('igor');
    const screen = await c.screen('/perfil/patrimonio-renda');
    const form = findAll(screen.body.layout, (n) => n.id === 'form-renda')[0];
    expect(form.uiSchema.profissao['ui:enumNames']).toContain('Engenheiro(a)');
    expect(form.uiSchema.regimeCasamento['ui:when']).toEqual({ eq: [{ var: 'estadoCivil' }, 2] });
    expect((await c.action('profile/income-save', { profissao: 99, estadoCivil: 1, tipoAcessibilidade: 1 })).body.errors).toEqual({ profissao: 'Escolha uma opção da lista.' });
    expect((await c.action('profile/income-save', { valorRenda: '8.500,00', profissao: 6, estadoCivil: 2, regimeCasamento: 1, tipoAcessibilidade: 1 })).body.to).toBe('/perfil/token');
    await c.action('profile/token-send');
    expect((await c.action('profile/token-validate', { codigo: await stack.sandbox.lastCode() })).body.message).toBe('Dados de patrimônio e renda atualizados.');
    const patch = (await stack.sandbox.calls()).find((call) => call.method === 'PATCH' && call.path === 'core/dados-cadastrais/atualizar');
    expect(patch?.body).toMatchObject({ valorRenda: 8500, profissao: 6, estadoCivil: 2, regimeCasamento: 1 });
    const saved = findAll((await c.screen('/perfil/patrimonio-renda')).body.layout, (n) => n.id === 'form-renda')[0];
    expect(saved.formData).toMatchObject({ valorRenda: '8500', profissao: 6, estadoCivil: 2 });
  });

  it('lets a partner agent read the registration data but not change it', async () => {
    const token = await stack.sandbox.transparentToken('ana', undefined, 'agente-horizonte-7');
    const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    const agent = client(stack.baseUrl);
    agent.agent.jar.setCookie(String(res.headers['set-cookie']).split(';')[0]!, 'localhost', '/');
    expect(screenText((await agent.screen('/perfil')).body)).toContain('Você está atendendo este cliente como parceiro');
    expect(screenText((await agent.screen('/perfil/endereco')).body)).toContain('Endereço atual');
    const refused = await agent.action('profile/address-save', { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', tipo: 1 });
    expect(refused.body.message).toMatch(/só o próprio cliente pode alterá-los/);
  });
});
