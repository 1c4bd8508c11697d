/** A call the back office received, as tests assert it. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  platform: string | undefined;
  appVersion: string | undefined;
  /** Body fields, without passwords. */
  body?: Record<string, unknown>;
}

const SECRET_FIELDS = new Set(['password', 'senha', 'refresh_token', 'senhaAtual', 'novaSenha']);

export function redactBody(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '***' : v]));
}
