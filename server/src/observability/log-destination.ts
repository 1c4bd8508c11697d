import type pino from 'pino';

/** What a batch waits for before it is handed to the descriptor. */
export interface BatchLimits {
  /** Characters waiting (the lines are JSON, nearly all ASCII: about as many bytes). */
  chars: number;
  /** Milliseconds after the first line of the batch. */
  delayMs: number;
}

/** 16 KiB or 200 ms: under load many access lines share a write; a quiet server's line shows within 200 ms. */
export const LOG_BATCH: Readonly<BatchLimits> = { chars: 16 * 1024, delayMs: 200 };

/** The underlying stream: the sonic-boom pino makes for standard output. */
type Sink = pino.DestinationStream & { fd?: number; destroyed?: boolean; flushSync?: () => void };

/** A line pino writes at error or fatal: `{"level":50` or `{"level":60` (pino writes the level first). */
const urgent = (line: string) => line.startsWith('{"level":5') || line.startsWith('{"level":6');

/** Live batched destinations, each flushed when the process exits. */
const live = new Set<BatchedDestination>();
process.once('exit', () => {
  for (const destination of live) destination.flushSync();
});

/**
 * The process's log lines, handed to the underlying stream in batches: every line (pino's and the
 * access lines alike, so the order written is the order on the descriptor) joins one string,
 * written when it reaches `chars`, `delayMs` after its first line, with a line at error or fatal
 * level (at once, after what waited before it), when the server closes (`flush`) and at the
 * process's exit (`flushSync`). Each write wakes the descriptor's reader: written once per turn of
 * the event loop (and then by a thread of the pool), those wake-ups would be the largest part of
 * what the access line costs a bare route (docs/performance.md). The string's
 * length is counted, not its bytes (sonic-boom measures the bytes of its pending chunk on every
 * write it is given: once per batch here). A process killed outright loses at most one batch.
 */
export class BatchedDestination implements pino.DestinationStream {
  readonly #sink: Sink;
  readonly #limits: BatchLimits;
  #waiting = '';
  #timer: NodeJS.Timeout | null = null;

  constructor(sink: pino.DestinationStream, limits: BatchLimits = LOG_BATCH) {
    this.#sink = sink as Sink;
    this.#limits = limits;
    live.add(this);
  }

  /** The descriptor the lines go to. */
  get fd(): number | undefined {
    return this.#sink.fd;
  }

  write(line: string): void {
    this.#waiting += line;
    if (this.#waiting.length >= this.#limits.chars || urgent(line)) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#limits.delayMs).unref();
  }

  /** Hands what waits to the stream now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#waiting === '' || this.#sink.destroyed) return;
    const lines = this.#waiting;
    this.#waiting = '';
    this.#sink.write(lines);
  }

  /** Hands what waits to the stream and writes it out before returning (the process's exit). */
  flushSync(): void {
    this.flush();
    if (!this.#sink.destroyed) this.#sink.flushSync?.();
  }
}
