/** What a bench reads of a process it started, from Linux's /proc (nothing elsewhere). */
import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100;

/** CPU time of a process so far (user + system), in µs; 0 when it cannot be read. */
export function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Resident memory of a process (MiB), or null once it is gone. */
export function rssMiB(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
  } catch {
    return null;
  }
}
