import { EventEmitter } from 'node:events';

/**
 * A screen's deadline, handed to every back-office call the screen makes: when it passes, each
 * call still running is abandoned and each retry's wait cut short. An emitter rather than an
 * AbortSignal (undici takes either): every call adds a listener and removes it when answered, and
 * an emitter's listeners cost a fraction of an EventTarget's (docs/performance.md, "Composition's
 * own CPU").
 */
export class Deadline extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;
  readonly #timer: NodeJS.Timeout;

  constructor(ms: number) {
    super();
    // A screen may have many calls running at once (a list of quotas, each read on its own); each
    // call's listener goes when the call ends, and the deadline itself goes with its request.
    this.setMaxListeners(0);
    this.#timer = setTimeout(() => this.abort(new DOMException('The screen ran past its deadline', 'TimeoutError')), ms);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    clearTimeout(this.#timer);
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /** The screen is composed: the deadline no longer runs (a timer left to fire would abort for nothing). */
  clear(): void {
    clearTimeout(this.#timer);
  }
}

/** What a call is abandoned by: a screen's deadline or an AbortSignal. */
export type CallSignal = Deadline | AbortSignal;

/** Calls `listener` once when `signal` aborts; returns what removes it. */
export function onAbort(signal: CallSignal, listener: () => void): () => void {
  if (signal instanceof Deadline) {
    signal.once('abort', listener);
    return () => signal.removeListener('abort', listener);
  }
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
