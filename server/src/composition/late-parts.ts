import type { LateCalls } from './screen-parts.js';

/**
 * The calls of late parts, kept in this process's memory for the follow-up request the renderer
 * makes for a screen drawn with a part pending: the follow-up takes the call already running
 * instead of asking the back office again. By session and screen address, taken once, kept at
 * most `ttlMs` (the screen's deadline abandons the call by then anyway) and at most `max` of them
 * (the oldest go first). A follow-up that reaches another instance finds nothing here and makes
 * the call itself.
 */
export class LateParts {
  private readonly calls = new Map<string, { call: Promise<unknown>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The late calls of one session's screen (`address`: path and query as asked). */
  of(sessionId: string, address: string): LateCalls {
    const key = (part: string) => `${sessionId}\u0000${address}\u0000${part}`;
    return {
      keep: (part, call) => this.keep(key(part), call),
      take: (part) => this.take(key(part)),
    };
  }

  private keep(key: string, call: Promise<unknown>): void {
    const now = this.now();
    // Kept in the order they came, each for the same time: the expired ones are at the front.
    for (const [oldest, entry] of this.calls) {
      if (entry.expires > now && this.calls.size < this.max) break;
      this.calls.delete(oldest);
    }
    this.calls.delete(key);
    this.calls.set(key, { call, expires: now + this.ttlMs });
  }

  private take(key: string): Promise<unknown> | undefined {
    const entry = this.calls.get(key);
    if (!entry) return undefined;
    this.calls.delete(key);
    return entry.expires > this.now() ? entry.call : undefined;
  }

  get size(): number {
    return this.calls.size;
  }
}
