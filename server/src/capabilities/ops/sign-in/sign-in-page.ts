import type { ComponentNode } from '../../../../../screens/contract/components.js';

/** Where the console's sign-in starts: the provider's address is a page the server answers, left by the browser. */
export const START_PATH = '/api/ops/entrar/provedor';
export const RETURN_PATH = '/api/ops/entrar/retorno';
export const SIGN_OUT_PATH = '/api/ops/sair';
export const SIGN_IN_PAGE = '/ops/entrar';

/** Why a sign-in did not open the console, as `/ops/entrar?erro=` says it. */
export const SIGN_IN_REFUSALS = {
  'segundo-fator': 'O provedor de identidade não confirmou um segundo fator (código do autenticador ou chave de segurança). Entre de novo usando o segundo fator.',
  'sem-perfil': 'Sua conta não está em nenhum grupo do console de operações. Peça acesso a quem administra os grupos da equipe.',
  falhou: 'Não foi possível concluir a entrada no provedor de identidade. Tente de novo.',
} as const;
export type SignInRefusal = keyof typeof SIGN_IN_REFUSALS;

/** The sign-in page: the provider's button (with why the last try was refused), or the password form outside production. */
export function signInPage(kind: 'provider' | 'password', url: URL): ComponentNode[] {
  if (kind === 'password') return passwordForm();
  const refusal = url.searchParams.get('erro');
  const why = refusal && refusal in SIGN_IN_REFUSALS ? SIGN_IN_REFUSALS[refusal as SignInRefusal] : null;
  return [
    { type: 'heading', text: 'Console de operações' },
    ...(why ? [{ type: 'banner' as const, tone: 'danger' as const, text: why }] : []),
    { type: 'text', text: 'Acesso restrito à equipe de operações. Entre com a sua conta da equipe no provedor de identidade do banco, com o segundo fator.' },
    { type: 'button', label: 'Entrar com a conta da equipe', variant: 'primary', action: { type: 'navigate', to: START_PATH } },
  ];
}

/** The password accounts' form (OPS_USERS, outside production). */
function passwordForm(): ComponentNode[] {
  return [
    { type: 'heading', text: 'Console de operações' },
    { type: 'text', text: 'Acesso restrito à equipe de operações. Use as credenciais da equipe, não as de um cliente.' },
    {
      type: 'form',
      id: 'ops-login',
      schema: {
        type: 'object',
        required: ['login', 'senha'],
        properties: { login: { type: 'string', title: 'Usuário', maxLength: 64 }, senha: { type: 'string', title: 'Senha', maxLength: 128 } },
      },
      uiSchema: { login: { 'ui:autocomplete': 'username' }, senha: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' } },
      formData: {},
      submit: { label: 'Entrar', action: { type: 'submit', action: 'ops/login', loadingMessage: 'Enviando...' } },
    },
  ];
}
