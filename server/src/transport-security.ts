/**
 * TLS on every connection the server opens, in production: PostgreSQL asked to encrypt and check
 * its certificate (`sslmode=require`, `verify-ca` or `verify-full` in DATABASE_URL), Redis over
 * TLS (`rediss://`), the OpenTelemetry collector over https. A connection to the loopback (a
 * sidecar in the same pod) crosses no network and is accepted in clear. Any other exception is
 * written down: its `*_TLS_EXEMPTION` variable names the reason (at least 20 characters, e.g. the
 * compose demo's private network), and the server starts. Each problem names its variable, like
 * the other unsafe settings production refuses (config.ts).
 */
export interface TransportSettings {
  DATABASE_URL?: string | undefined;
  DATABASE_TLS_EXEMPTION?: string | undefined;
  REDIS_URL?: string | undefined;
  REDIS_TLS_EXEMPTION?: string | undefined;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_TLS_EXEMPTION?: string | undefined;
}

/** The `sslmode` values under which libpq and node-postgres encrypt the connection. */
export const ENCRYPTING_SSLMODES = ['require', 'verify-ca', 'verify-full'] as const;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function onLoopback(url: string): boolean {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

function sslmodeOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('sslmode');
  } catch {
    return null;
  }
}

export function transportProblems(c: TransportSettings): string[] {
  const problems: string[] = [];
  const mode = c.DATABASE_URL ? sslmodeOf(c.DATABASE_URL) : null;
  if (c.DATABASE_URL && !onLoopback(c.DATABASE_URL) && !c.DATABASE_TLS_EXEMPTION && !(ENCRYPTING_SSLMODES as readonly (string | null)[]).includes(mode)) {
    problems.push(`DATABASE_URL: em produção o PostgreSQL é acessado por TLS (sslmode=verify-full, verify-ca ou require${mode ? `; está sslmode=${mode}` : ''}), ou DATABASE_TLS_EXEMPTION diz por que não`);
  }
  if (c.REDIS_URL?.startsWith('redis://') && !onLoopback(c.REDIS_URL) && !c.REDIS_TLS_EXEMPTION) {
    problems.push('REDIS_URL: em produção o Redis é acessado por TLS (rediss://), ou REDIS_TLS_EXEMPTION diz por que não');
  }
  if (c.OTEL_EXPORTER_OTLP_ENDPOINT?.startsWith('http:') && !onLoopback(c.OTEL_EXPORTER_OTLP_ENDPOINT) && !c.OTEL_TLS_EXEMPTION) {
    problems.push('OTEL_EXPORTER_OTLP_ENDPOINT: em produção o coletor é acessado por https, ou OTEL_TLS_EXEMPTION diz por que não');
  }
  return problems;
}
