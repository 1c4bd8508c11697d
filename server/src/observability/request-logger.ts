import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LevelWithSilentOrString } from 'pino';

type Write = (...args: unknown[]) => void;
const LEVEL_VALUE: Record<string, number> = pino.levels.values;

/**
 * A request's logger (`request.log`), bound to the request's id, whose pino child is made when the
 * request first writes a line at an enabled level. Fastify gives every request such a child, and
 * making one passes its bindings through the redaction paths: more than a bare route's own hooks
 * cost, for the many requests that write no line but the access line (its own logger, the
 * observability plugin). Lines, bindings and levels are those of the child it stands for.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  #write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    if (this.#made) return (this.#made[level] as Write)(...args);
    // A line below the level writes nothing: no child is made for it.
    if ((LEVEL_VALUE[this.level] ?? Infinity) > LEVEL_VALUE[level]!) return;
    (this.#logger()[level] as Write)(...args);
  }

  get level(): LevelWithSilentOrString {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger made on its first line. */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
