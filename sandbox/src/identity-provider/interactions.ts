import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { StaffDirectory } from './accounts.js';
import { DEV_MFA_ACR } from './console-client.js';
import { page } from './pages.js';
import { escapeHtml } from './provider.js';

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(senha|codigo))?$/;
const BODY_LIMIT = 4096;

/** A posted form's fields (urlencoded, small). */
async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > BODY_LIMIT) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

const passwordForm = (uid: string, error = '', login = '') =>
  page(
    'Entrar',
    `<h1>Entrar na conta da equipe</h1>
${error ? `<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/senha">
<label for="login">Usuário</label><input id="login" name="login" autocomplete="username" required value="${escapeHtml(login)}">
<label for="senha">Senha</label><input id="senha" name="senha" type="password" autocomplete="current-password" required>
<button type="submit">Continuar</button>
</form>`,
  );

const codeForm = (uid: string, login: string, error = '') =>
  page(
    'Segundo fator',
    `<h1>Código do autenticador</h1>
${error ? `<p class="error" role="alert">${error}</p>` : ''}
<p>Digite o código de 6 dígitos que o aplicativo autenticador mostra agora para <strong>${escapeHtml(login)}</strong>.</p>
<form method="post" action="/interaction/${uid}/codigo">
<label for="codigo">Código do autenticador</label><input id="codigo" name="codigo" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button type="submit">Entrar</button>
</form>
<p class="hint">No sandbox, o código atual de cada conta aparece com <code>npm run staff:code ${escapeHtml(login)}</code> (docs/sandbox.md).</p>`,
  );

/**
 * The provider's sign-in, in two steps as the bank's: login and password, then the six-digit code
 * of the staff member's authenticator. Only both give a sign-in, recorded with `amr` pwd + otp and
 * the MFA `acr` (a provider started with `askCode` false stops at the password: `amr` pwd only).
 * Answers whether the request was one of these pages.
 */
export function interactionPages(provider: Provider, directory: StaffDirectory, askCode: boolean) {
  // Interactions whose password was right, waiting for their code.
  const passwordChecked = new Map<string, string>();

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://provider');
    const match = INTERACTION.exec(url.pathname);
    if (!match) return false;
    const [, uid, step] = match as unknown as [string, string, string | undefined];
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) {
      send(res, 400, page('Erro', '<h1>Esta página de entrada expirou</h1><p>Volte ao console e entre de novo.</p>'));
      return true;
    }
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return true;
    }
    if (req.method === 'GET' && !step) {
      send(res, 200, passwordForm(uid));
      return true;
    }
    if (req.method !== 'POST' || !step) return false;
    const form = await formOf(req);
    if (step === 'senha') {
      const login = form.get('login')?.trim() ?? '';
      const account = directory.checkPassword(login, form.get('senha') ?? '');
      if (!account) {
        send(res, 200, passwordForm(uid, 'Usuário ou senha inválidos.', login));
        return true;
      }
      if (!askCode) {
        await provider.interactionFinished(req, res, { login: { accountId: account.login, amr: ['pwd'], remember: false } }, { mergeWithLastSubmission: false });
        return true;
      }
      passwordChecked.set(uid, account.login);
      if (passwordChecked.size > 1000) passwordChecked.delete(passwordChecked.keys().next().value!);
      send(res, 200, codeForm(uid, account.login));
      return true;
    }
    const login = passwordChecked.get(uid);
    if (!login) {
      send(res, 200, passwordForm(uid, 'Entre com usuário e senha primeiro.'));
      return true;
    }
    if (!directory.checkCode(login, form.get('codigo')?.trim() ?? '')) {
      send(res, 200, codeForm(uid, login, 'Código inválido ou expirado. Digite o código que o autenticador mostra agora.'));
      return true;
    }
    passwordChecked.delete(uid);
    await provider.interactionFinished(req, res, { login: { accountId: login, acr: DEV_MFA_ACR, amr: ['pwd', 'otp'], remember: false } }, { mergeWithLastSubmission: false });
    return true;
  };
}
