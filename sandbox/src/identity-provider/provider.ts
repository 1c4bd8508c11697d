import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { StaffDirectory } from './accounts.js';
import { DEV_CONSOLE_CLIENT, DEV_MFA_ACR } from './console-client.js';
import { memoryStore } from './memory-store.js';
import { page } from './pages.js';

/**
 * Where the console may send staff back (after sign-in) or leave them (after sign-out): its own
 * paths, on a `*.localhost` host or the loopback at any port — the tests' servers listen on free
 * ports. A real provider registers the console's one address instead.
 */
const CONSOLE_ADDRESS = /^https?:\/\/(?:[a-z0-9-]+\.)*(?:localhost|127\.0\.0\.1)(?::\d{1,5})?\//;
const returnAllowed = (value: string) => CONSOLE_ADDRESS.test(value) && new URL(value).pathname === DEV_CONSOLE_CLIENT.callbackPath;
const leaveAllowed = (value: string) => CONSOLE_ADDRESS.test(value) && new URL(value).pathname === DEV_CONSOLE_CLIENT.signedOutPath;

/** What the sandbox's provider says of a staff member: who, their name and their groups now. */
function accountsOf(directory: StaffDirectory): Configuration['findAccount'] {
  return (_ctx, sub) => {
    const account = directory.find(sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      claims: () => ({ sub, preferred_username: account.login, name: account.name, groups: [...account.groups] }),
    };
  };
}

/**
 * The console is the provider's own application: its grant is given without a consent page (the
 * bank's provider does the same for its first-party applications).
 */
async function firstPartyGrant(ctx: KoaContextWithOIDC) {
  const { Grant } = ctx.oidc.provider;
  const client = ctx.oidc.client!;
  const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(client.clientId);
  if (grantId) return Grant.find(grantId);
  const grant = new Grant({ clientId: client.clientId, accountId: ctx.oidc.session!.accountId! });
  grant.addOIDCScope('openid profile offline_access');
  await grant.save();
  return grant;
}

/**
 * The sandbox's OpenID provider (oidc-provider): the console's one client, authorization code with
 * PKCE, refresh tokens, RP-initiated logout; the sign-in pages themselves are interactions.ts.
 * Signing keys are made at start: the provider's tokens live as long as its process.
 */
export function buildProvider(issuer: string, directory: StaffDirectory, clientSecret: string = DEV_CONSOLE_CLIENT.secret, consoleOrigins: readonly string[] = ['http://ops.localhost:3000']): Provider {
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_CONSOLE_CLIENT.id,
        client_secret: clientSecret,
        redirect_uris: consoleOrigins.map((origin) => `${origin}${DEV_CONSOLE_CLIENT.callbackPath}`),
        post_logout_redirect_uris: consoleOrigins.map((origin) => `${origin}${DEV_CONSOLE_CLIENT.signedOutPath}`),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    adapter: memoryStore(),
    findAccount: accountsOf(directory),
    // How the sign-in was made (acr, amr) travels in every ID token, as the bank's provider sends it.
    claims: { openid: ['sub', 'acr', 'amr', 'auth_time'], profile: ['name', 'preferred_username', 'groups'] },
    // The groups travel in the ID token too, as the bank's provider is configured to send them.
    conformIdTokenClaims: false,
    acrValues: [DEV_MFA_ACR],
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signing, kid: 'sandbox', use: 'sig', alg: 'RS256' } as never] },
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: firstPartyGrant,
    ttl: { AccessToken: 10 * 60, IdToken: 10 * 60, Interaction: 10 * 60, Session: 8 * 3600, Grant: 8 * 3600, RefreshToken: 8 * 3600 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Signed out at the console: ended here too, without asking again (the form posts itself).
        logoutSource: (ctx, form) => {
          ctx.body = page('Saindo', `<h1>Saindo da conta da equipe</h1>${form}<button form="op.logoutForm" name="logout" value="yes">Sair</button><script>document.forms[0].append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'logout', value: 'yes' }));document.forms[0].submit()</script>`);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = page('Você saiu', '<h1>Você saiu da conta da equipe</h1>');
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Erro', `<h1>Não foi possível entrar</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  });
  const clients = provider.Client.prototype as unknown as { redirectUriAllowed(v: string): boolean; postLogoutRedirectUriAllowed(v: string): boolean };
  clients.redirectUriAllowed = returnAllowed;
  clients.postLogoutRedirectUriAllowed = leaveAllowed;
  return provider;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
