import { formatCount as formatWholeCount, formatNumber, formatPercent } from '../../domain/format.js';

/**
 * The analysis page's figures as an analyst reads them (pt-BR). A count from 1 to 4 is shown as
 * "< 5" (so that nobody can be singled out from a small count); times need 5 measurements.
 */
export const SMALLEST_SHOWN = 5;

/** Whether a count is withheld: 1 to 4 (none is shown as 0, which singles out nobody). */
export const withheld = (n: number) => n > 0 && n < SMALLEST_SHOWN;

export function formatCount(n: number): string {
  return withheld(n) ? `< ${SMALLEST_SHOWN}` : formatWholeCount(n);
}

/** A time span as people say it: "45 s", "3 min 20 s", "2 h 5 min", "3 dias 4 h". */
export function formatSpan(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return 'menos de 1 s';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 600) {
    const rest = seconds % 60;
    return rest ? `${Math.floor(seconds / 60)} min ${rest} s` : `${seconds / 60} min`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
  }
  const hours = Math.round(minutes / 60);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? 'dia' : 'dias'}${rest ? ` ${rest} h` : ''}`;
}

/** A measured time, or why there is none to show. */
export function formatTime(ms: number | null, measured: number): string {
  if (measured === 0 || ms === null) return 'sem medições';
  if (measured < SMALLEST_SHOWN) return `< ${SMALLEST_SHOWN} medições`;
  return formatSpan(ms);
}

/** A share (0…1); null when the whole is too small or the part withheld. */
export function share(part: number, whole: number): number | null {
  // A share of a withheld count would give the count away.
  return whole >= SMALLEST_SHOWN && !withheld(part) ? part / whole : null;
}

export function formatShare(value: number | null): string {
  return value === null ? 'amostra pequena' : formatPercent(value * 100, 1);
}

/** The difference between two shares in percentage points, signed ("+5,2 p.p."). */
export function formatPoints(a: number | null, b: number | null): string {
  if (a === null || b === null) return 'amostra pequena';
  const points = (b - a) * 100;
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return 'igual';
  return `${rounded > 0 ? '+' : '−'}${formatNumber(Math.abs(rounded), 1)} p.p.`;
}
