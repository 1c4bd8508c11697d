import { UpstreamError } from './upstream-error.js';

/** "sua cota não possui processos" (any case, or a 404) means the quota has no such process, not a failure (doc 2 §8). */
export function isNoProcess(err: unknown): boolean {
  return err instanceof UpstreamError && (err.status === 404 || /sua cota n[ãa]o possui processos/i.test(err.upstreamMessage ?? ''));
}
