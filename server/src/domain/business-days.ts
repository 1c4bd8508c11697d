import Holidays from 'date-holidays';

/**
 * Business days (doc 2 §9): weekdays that are not national holidays (fixed, Easter-based such as
 * Good Friday and Corpus Christi, and Carnival Monday and Tuesday) nor holidays of the state the
 * customer is in — all from the maintained `date-holidays` calendar, not a hand-kept list.
 * Dates are calendar days in Brasília (America/Sao_Paulo) written 'YYYY-MM-DD', so no UTC
 * midnight ever moves a day (domain notes). Serves "pagamento em até 5/10 dias úteis" of the
 * refund and the used-vehicle texts.
 */

/** Holiday kinds that close banks and offices: `public` (law) and `bank` (Carnival, Corpus Christi). */
const CLOSED_TYPES = new Set(['public', 'bank']);

const calendars = new Map<string, Holidays>();
const closedDays = new Map<string, Map<string, string>>();

/** The 27 federative units date-holidays knows for Brazil. */
export const STATES: readonly string[] = Object.keys(new Holidays().getStates('BR') ?? {});

function calendar(uf?: string): Holidays {
  const key = uf ?? '';
  let c = calendars.get(key);
  if (!c) {
    if (uf && !STATES.includes(uf)) throw new Error(`unknown state ${uf}`);
    c = uf ? new Holidays('BR', uf) : new Holidays('BR');
    calendars.set(key, c);
  }
  return c;
}

/** The closed days of a year ('YYYY-MM-DD' → name), national plus the state's. */
export function holidaysOf(year: number, uf?: string): Map<string, string> {
  const key = `${year}:${uf ?? ''}`;
  let days = closedDays.get(key);
  if (!days) {
    days = new Map();
    for (const h of calendar(uf).getHolidays(year)) if (CLOSED_TYPES.has(h.type)) days.set(h.date.slice(0, 10), h.name);
    closedDays.set(key, days);
  }
  return days;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' as a calendar day (held at UTC noon only to walk the days). */
function parseDay(day: string): Date {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  if (d.toISOString().slice(0, 10) !== day) throw new Error(`not a calendar day: ${day}`);
  return d;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Whether the calendar day is a business day (in the state `uf`, when given). */
export function isBusinessDay(day: string, uf?: string): boolean {
  const d = parseDay(day);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(d.getUTCFullYear(), uf).has(day);
}

/** The day `n` business days after `day` (the deadline of "em até n dias úteis"). */
export function addBusinessDays(day: string, n: number, uf?: string): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`business days must be a whole number ≥ 0: ${n}`);
  const d = parseDay(day);
  for (let left = n; left > 0; ) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(dayOf(d), uf)) left--;
  }
  return dayOf(d);
}

/** Business days from `from` (exclusive) to `to` (inclusive); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string, uf?: string): number {
  const d = parseDay(from);
  const end = parseDay(to).getTime();
  let count = 0;
  while (d.getTime() < end) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(dayOf(d), uf)) count++;
  }
  return count;
}
