import { randomBytes } from 'node:crypto';

/**
 * Secrets production accepts, new at every call: a test that starts the server in production mode
 * writes no secret in the repository (production refuses the ones written there).
 */
export function productionSecrets(): Record<'UPSTREAM_CLIENT_ID' | 'UPSTREAM_CLIENT_SECRET' | 'COOKIE_SECRET' | 'SESSION_SEAL_KEYS' | 'OPS_OIDC_CLIENT_ID' | 'OPS_OIDC_CLIENT_SECRET' | 'OPS_OIDC_PUBLISHER_GROUPS', string> {
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  return {
    UPSTREAM_CLIENT_ID: 'cliente-de-teste',
    UPSTREAM_CLIENT_SECRET: random(24),
    COOKIE_SECRET: random(32),
    // The staff's identity provider: the issuer is the test's (startStack starts the sandbox's when none is given).
    OPS_OIDC_CLIENT_ID: 'console-de-teste',
    OPS_OIDC_CLIENT_SECRET: random(24),
    OPS_OIDC_PUBLISHER_GROUPS: 'console-publicacao',
    SESSION_SEAL_KEYS: `k1=${randomBytes(32).toString('base64')}`,
  };
}

/** An identity provider production accepts, for a test that only loads the configuration (nobody signs in). */
export const PRODUCTION_PROVIDER = { OPS_OIDC_ISSUER: 'https://login.banco.example/realms/equipe' } as const;
