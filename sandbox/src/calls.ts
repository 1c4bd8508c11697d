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
  /** Body fields, without passwords (a multipart upload's text fields). */
  body?: Record<string, unknown>;
  /** A multipart upload's file as it came: its part's name, the file name it was given, its declared type. */
  file?: { field: string; name: string; type: string };
  /** The contract's name of the call (`slips.secondCopy`), when it is one. */
  endpoint?: string | undefined;
  /**
   * When the back office received the call and when its answer was sent, in milliseconds since
   * the epoch with fractions (the process's monotonic clock from its time origin): waves and
   * critical paths (`npm run bench:paths`). `endedAt` is absent while the call is answered.
   */
  startedAt?: number;
  endedAt?: number;
  /** The status it was answered with, once answered. */
  status?: number;
  /** The wait the latency profile drew for it (SANDBOX_LATENCY), when one is on. */
  profileDelayMs?: number;
}

/** The call each request recorded: to stamp when its answer went, and what a multipart upload held. */
const byRequest = new WeakMap<object, RecordedCall>();

export function rememberCall(request: object, call: RecordedCall): void {
  byRequest.set(request, call);
}

/** The call `request` recorded, if it is a contract call. */
export function callOf(request: object): RecordedCall | undefined {
  return byRequest.get(request);
}

/** Now, in milliseconds since the epoch with fractions of a millisecond. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

const SECRET_FIELDS = new Set(['password', 'senha', 'refresh_token', 'senhaAtual', 'novaSenha']);

export function redactBody(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '***' : v]));
}

/**
 * Appends `call`, keeping at most `kept` calls (the newest): a long run (the soak) must not
 * grow the sandbox's memory with every call it ever answered. Trimmed in batches of a tenth.
 */
export function recordCall(calls: RecordedCall[], call: RecordedCall, kept: number): void {
  if (kept <= 0) return;
  calls.push(call);
  if (calls.length > kept + Math.ceil(kept / 10)) calls.splice(0, calls.length - kept);
}
