/** An upstream answer that is not 2xx, or no answer at all (status 0). */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly upstreamMessage: string | undefined,
    readonly path: string,
    options?: { cause?: unknown; retryAfterMs?: number | undefined },
  ) {
    super(`upstream ${status || 'unreachable'} on ${path}${code ? ` (${code})` : ''}`, options);
    this.retryAfterMs = options?.retryAfterMs;
  }
  /** The back office's Retry-After, in ms, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /**
   * A refusal the back office answered (4xx), which loaders expect (a quota without billing is a
   * 404): made without a stack trace, since its status, code and path say all there is, and
   * capturing one costs every screen that meets such a refusal. Failures (no answer, 5xx) keep theirs.
   */
  static answered(...args: ConstructorParameters<typeof UpstreamError>): UpstreamError {
    if (args[0] === 0 || args[0] >= 500) return new UpstreamError(...args);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new UpstreamError(...args);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
  get unavailable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
  get tokenExpired(): boolean {
    return this.status === 401;
  }
  get notFound(): boolean {
    return this.status === 404 || this.code === 'RESOURCE_NOT_FOUND';
  }
}
