import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const BRAZIL_TZ = 'America/Sao_Paulo';

/**
 * The back office's clock. Tests set it or move it forward; token expiry, "today" in the
 * seeded data and util/datahoraatual all read it. It starts at the machine's time.
 */
export class SandboxClock {
  private offsetMs = 0;
  private fixed: number | null = null;

  now(): number {
    return (this.fixed ?? Date.now()) + this.offsetMs;
  }
  set(iso: string): void {
    const at = Date.parse(iso);
    if (Number.isNaN(at)) throw new Error(`invalid instant: ${iso}`);
    this.fixed = at;
    this.offsetMs = 0;
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  reset(): void {
    this.fixed = null;
    this.offsetMs = 0;
  }
  /** 'YYYY-MM-DD' in Brasília, `days` away from today. */
  day(days = 0): string {
    return dayjs(this.now()).tz(BRAZIL_TZ).add(days, 'day').format('YYYY-MM-DD');
  }
  /**
   * 'YYYY-MM-DD' in Brasília, `months` calendar months away from the day `days` away from today:
   * monthly dates (statements, due dates, assemblies) keep their day of the month, clamped to the
   * month's last day (31 March one month back is 28 or 29 February).
   */
  monthsAway(months: number, days = 0): string {
    return dayjs(this.now()).tz(BRAZIL_TZ).add(days, 'day').add(months, 'month').format('YYYY-MM-DD');
  }
  /** Whole days from today (Brasília) to a 'YYYY-MM-DD' date: negative when it has passed. */
  daysUntil(date: string): number {
    return dayjs.utc(date).diff(dayjs.utc(this.day()), 'day');
  }
  /** 'HH:mm:ss' in Brasília. */
  time(): string {
    return dayjs(this.now()).tz(BRAZIL_TZ).format('HH:mm:ss');
  }
}

/**
 * The back office's rule for a notification method or slip delivery (spec doc 1 §4, §9): locked
 * for 24 hours counted from the minute of the last change, the minute it shows the customer.
 */
export function preferenceLocked(lastChange: string | null | undefined, now: number): boolean {
  if (!lastChange) return false;
  const last = Date.parse(lastChange);
  return !Number.isNaN(last) && now < Math.floor(last / 60_000) * 60_000 + 24 * 3600_000;
}
