import { z } from 'zod';

export const FaultInput = z.object({
  method: z.string().toUpperCase().optional(),
  /** Contract path relative to the base path; a trailing `*` matches a prefix. */
  path: z.string().min(1),
  /** Absent: the call is only delayed, then answered normally. */
  status: z.number().int().min(100).max(599).optional(),
  /** How many calls fail; absent = until cleared. */
  times: z.number().int().positive().optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  body: z.unknown().optional(),
});
export type Fault = z.infer<typeof FaultInput>;

/** What an injected failure answers when it names no body (a fault, or the latency profile's errors). */
export const SIMULATED_FAILURE = { message: 'Falha simulada pelo sandbox.', code: 'SIMULATED_FAILURE' } as const;

/** Injected failures: the next matching calls answer `status` (optionally after a delay). */
export class FaultTable {
  private faults: Array<Fault & { left: number }> = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY });
  }
  clear(): void {
    this.faults = [];
  }
  list(): Fault[] {
    return this.faults.map(({ left: _left, ...fault }) => fault);
  }
  take(method: string, path: string): Fault | undefined {
    const hit = this.faults.find(
      (f) => f.left > 0 && (!f.method || f.method === method) && (f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : f.path === path),
    );
    if (hit) hit.left -= 1;
    return hit;
  }
}
