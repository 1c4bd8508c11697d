import type { LoggerOptions } from 'pino';

/** Field paths that never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.access_token',
  'res.headers["set-cookie"]',
  '*.senha',
  '*.password',
  '*.documento',
  '*.inscricaoNacional',
  '*.username',
  '*.codigo',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.accessToken',
  '*.refreshToken',
  // Upstream calls logged at trace level carry their bodies.
  'upstream.form.password',
  'upstream.form.username',
  'upstream.json.refresh_token',
  'upstream.json.senha',
  'upstream.json.senhaAtual',
  'upstream.json.novaSenha',
  'upstream.json.codigo',
  'upstream.json.inscricaoNacional',
];

/** CPF and CNPJ (numeric or alphanumeric, masked or not) anywhere in a line. */
const NATIONAL_ID = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b|\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;
/** Tokens in paths (transparent login) and query strings. */
const TOKEN_IN_URL = /(\/login-transparente\/)[^/?"\s]+|([?&](?:token|access_token|codigo)=)[^&"\s]+/g;

export function scrub(line: string): string {
  return line.replace(NATIONAL_ID, '[documento]').replace(TOKEN_IN_URL, (_m, path?: string, query?: string) => `${path ?? query}[oculto]`);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[oculto]' },
    hooks: { streamWrite: scrub },
  };
}
