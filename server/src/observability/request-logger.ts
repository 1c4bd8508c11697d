import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LevelWithSilentOrString } from 'pino';

type Write = (...args: unknown[]) => void;
const LEVEL_VALUE: Record<string, number> = pino.levels.values;
const { streamSym } = pino.symbols;

/**
 * A logger's child (a request's logger, `request.log`, bound to the request's id, or a plugin's),
 * whose pino child is made when it first writes a line at an enabled level. Fastify gives every
 * request such a child, and making one passes its bindings through the redaction paths: more than
 * a bare route's own hooks cost, for the many requests that write no line but the access line (its
 * own writer, the observability plugin). Lines, bindings and levels are those of the child it
 * stands for. Given to Fastify as its logger (`lazyRootLogger`), its `child` is what Fastify calls
 * for each request with its default child factory, which skips the check Fastify makes of a
 * custom factory's every child (seven methods looked up by name, twice, on every request).
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

  /** The pino child this stands for, made now if it was not yet (and the parent's first, if it is lazy too). */
  #logger(): FastifyBaseLogger {
    const parent = this.#parent;
    return (this.#made ??= (parent instanceof RequestLogger ? parent.#logger() : parent).child(this.#bindings, this.#options));
  }

  /** The destination pino writes to (observability's access line writes there too). */
  get [streamSym](): unknown {
    return ((this.#made ?? this.#parent) as unknown as Record<symbol, unknown>)[streamSym];
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

  /** A child made lazily in turn. */
  child(bindings: Bindings, options: ChildLoggerOptions = {}): FastifyBaseLogger {
    return new RequestLogger(this, bindings, options);
  }
}

/**
 * The logger to give Fastify (`loggerInstance`): the process's pino logger, whose children (the
 * root Fastify makes with its serializers, each request's, each plugin's) are made lazily.
 */
export function lazyRootLogger(logger: FastifyBaseLogger): FastifyBaseLogger {
  return new RequestLogger(logger, {}, {});
}
