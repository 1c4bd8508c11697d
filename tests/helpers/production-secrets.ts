import { randomBytes } from 'node:crypto';

/**
 * Secrets production accepts, new at every call: a test that starts the server in production mode
 * writes no secret in the repository (production refuses the ones written there).
 */
export function productionSecrets(): { UPSTREAM_CLIENT_ID: string; UPSTREAM_CLIENT_SECRET: string; COOKIE_SECRET: string; OPS_USERS: string; SESSION_SEAL_KEYS: string } {
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  return {
    UPSTREAM_CLIENT_ID: 'cliente-de-teste',
    UPSTREAM_CLIENT_SECRET: random(24),
    COOKIE_SECRET: random(32),
    OPS_USERS: `analista:${random(18)}:viewer`,
    SESSION_SEAL_KEYS: `k1=${randomBytes(32).toString('base64')}`,
  };
}
