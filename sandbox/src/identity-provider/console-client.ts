/**
 * The operations console as the sandbox's identity provider registers it: its client, where it
 * takes staff back after sign-in and where it leaves them after sign-out, and the groups the
 * provider's staff are in. `consoleSettings` is what the server is given to sign staff in here.
 */
export const DEV_CONSOLE_CLIENT = {
  id: 'console-operacoes',
  clientSecret: 'sandbox-console-secret',
  get secret(): string {
    return this.clientSecret;
  },
  callbackPath: '/api/ops/entrar/retorno',
  signedOutPath: '/ops/entrar',
} as const;

/** The `acr` the sandbox's provider gives a sign-in with password and authenticator code. */
export const DEV_MFA_ACR = 'urn:sandbox:mfa';

/** The server's variables for signing staff in at the sandbox's provider (npm start, the tests); `secret` when the provider was given its own. */
export function consoleSettings(issuer: string, secret: string = DEV_CONSOLE_CLIENT.secret): Record<string, string> {
  return {
    OPS_OIDC_ISSUER: issuer,
    OPS_OIDC_CLIENT_ID: DEV_CONSOLE_CLIENT.id,
    OPS_OIDC_CLIENT_SECRET: secret,
    OPS_OIDC_VIEWER_GROUPS: 'console-leitura',
    OPS_OIDC_PUBLISHER_GROUPS: 'console-publicacao',
    OPS_OIDC_APPROVER_GROUPS: 'console-aprovacao',
    OPS_OIDC_MFA_ACR: DEV_MFA_ACR,
  };
}
