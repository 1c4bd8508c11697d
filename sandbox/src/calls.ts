/** A call the back office received, as tests assert it. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  platform: string | undefined;
  appVersion: string | undefined;
  /** The app's request id and W3C trace context, as the back office would log them. */
  requestId?: string | undefined;
  traceparent?: string | undefined;
  /** The request's media type (multipart/form-data, application/json…). */
  contentType?: string | undefined;
  /** Whether an access_token header came with it (open paths may get one). */
  tokenSent?: boolean;
  /** Body fields, without passwords. */
  body?: Record<string, unknown>;
}

const SECRET_FIELDS = new Set(['password', 'senha', 'refresh_token', 'senhaAtual', 'novaSenha']);

export function redactBody(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '***' : v]));
}
