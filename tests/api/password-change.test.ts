import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

describe('expired password (kleber)', () => {
  it('sends every protected route to the change screen until the password is changed, then lets him through', async () => {
    const kleber = persona('kleber');
    const c = client(stack.baseUrl);
    await c.login('kleber');
    expect((await c.screen('/groups-and-quotas')).body.to).toBe('/alterarsenha/atual');
    expect((await c.screen('/home')).body.to).toBe('/alterarsenha/atual');
    const atual = await c.screen('/alterarsenha/atual');
    expect(screenText(atual.body)).toContain('Sua senha expirou. Para continuar, crie uma nova senha de 6 dígitos.');

    expect((await c.action('auth/password-current', { senhaAtual: kleber.password })).body).toEqual({ kind: 'navigate', to: '/alterarsenha/nova' });
    const refuse = async (novaSenha: string, confirmacao = novaSenha) => (await c.action('auth/password-new', { novaSenha, confirmacao })).body;
    expect(await refuse('12345')).toEqual({ kind: 'field-errors', errors: { novaSenha: 'A senha deve ter exatamente 6 dígitos.' } });
    expect(await refuse('482915', '482916')).toEqual({ kind: 'field-errors', errors: { confirmacao: 'As senhas informadas não são iguais.' } });
    expect(await refuse(kleber.password)).toEqual({ kind: 'field-errors', errors: { novaSenha: 'A nova senha deve ser diferente da atual.' } });
    const weak = 'Escolha uma senha difícil de adivinhar: sem sequências, repetições ou datas (como a do seu nascimento).';
    expect(await refuse('123456')).toEqual({ kind: 'field-errors', errors: { novaSenha: weak } });
    expect(await refuse('140385')).toEqual({ kind: 'field-errors', errors: { novaSenha: weak } });
    expect((await stack.sandbox.calls()).some((call) => call.path.endsWith('alterar-senha'))).toBe(false);

    expect(await refuse('482915')).toEqual({ kind: 'snackbar', message: 'Senha alterada com sucesso.', to: '/groups-and-quotas' });
    const change = (await stack.sandbox.calls()).find((call) => call.path.endsWith('/alterar-senha'));
    expect(change?.body).toMatchObject({ senhaAtual: '***', novaSenha: '***', inscricaoNacional: kleber.document });
    expect((await c.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');

    const again = client(stack.baseUrl);
    expect((await again.action('auth/login', { modo: 'documento', documento: kleber.document, senha: kleber.password })).body.kind).toBe('field-errors');
    expect((await again.action('auth/login', { modo: 'documento', documento: kleber.document, senha: '482915' })).body).toEqual({ kind: 'navigate', to: '/groups-and-quotas', replace: true });
    expect((await again.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
  });

  it('says "Houve algum erro, tente novamente." when the back office refuses the change', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    await c.action('auth/password-current', { senhaAtual: '975318' });
    const res = await c.action('auth/password-new', { novaSenha: '482915', confirmacao: '482915' });
    expect(res.body).toEqual({ kind: 'field-errors', errors: {}, message: 'Houve algum erro, tente novamente.' });
  });

  it('starts over at the current password when the new-password screen is opened directly', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    expect((await c.screen('/alterarsenha/nova')).body.to).toBe('/alterarsenha/atual');
  });
});

describe('password change from the profile', () => {
  it('goes /perfil/senha → /perfil/confirmarsenha and back to /perfil', async () => {
    const bruno = persona('bruno');
    const c = client(stack.baseUrl);
    await c.loginWithQuota('bruno');
    expect((await c.screen('/perfil/confirmarsenha')).body).toMatchObject({ kind: 'redirect', to: '/perfil/senha' });
    const current = await c.screen('/perfil/senha');
    expect(JSON.stringify(current.body.layout)).toContain('"origem":"perfil"');
    expect((await c.action('auth/password-current', { senhaAtual: bruno.password, origem: 'perfil' })).body).toEqual({ kind: 'navigate', to: '/perfil/confirmarsenha' });
    expect((await c.screen('/perfil/confirmarsenha')).body.screen).toBe('alterarsenha-nova');
    expect((await c.action('auth/password-new', { novaSenha: '583920', confirmacao: '583920', origem: 'perfil' })).body).toEqual({ kind: 'snackbar', message: 'Senha alterada com sucesso.', to: '/perfil' });
  });
});
