/**
 * Calendar days on which date arithmetic breaks first: month ends of unequal months, a leap day,
 * the turn of the year, Carnival and a long weekend. Each carries what a person with a printed
 * calendar says about it, written out by hand (not computed by the code under test): the first
 * business day after it (national holidays, Carnival Monday and Tuesday closed).
 */
export interface HardDate {
  /** 'YYYY-MM-DD' in Brasília. */
  day: string;
  why: string;
  /** The first business day after `day`. */
  nextBusinessDay: string;
}

export const HARD_DATES: readonly HardDate[] = [
  { day: '2027-03-31', why: 'the last day of a 31-day month that follows February', nextBusinessDay: '2027-04-01' },
  { day: '2026-08-31', why: 'the last day of a 31-day month that follows another', nextBusinessDay: '2026-09-01' },
  { day: '2028-02-28', why: '28 February of a leap year, a Carnival Monday', nextBusinessDay: '2028-03-01' },
  { day: '2028-02-29', why: '29 February, a Carnival Tuesday', nextBusinessDay: '2028-03-01' },
  { day: '2026-12-31', why: '31 December', nextBusinessDay: '2027-01-04' },
  { day: '2027-01-01', why: '1 January, a holiday', nextBusinessDay: '2027-01-04' },
  { day: '2027-02-08', why: 'a Carnival Monday', nextBusinessDay: '2027-02-10' },
  { day: '2027-11-12', why: 'a Friday before a Monday holiday (15 November)', nextBusinessDay: '2027-11-16' },
];

/** 10:00 in Brasília (UTC−3, no daylight saving since 2019) of a calendar day, as an instant. */
export const morningOf = (day: string) => `${day}T13:00:00.000Z`;

/** Today in Brasília, 'YYYY-MM-DD'. */
export const todayInBrasilia = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** 'novembro de 2026' for `back` calendar months before the month of `day`. */
export function monthBefore(day: string, back: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${MONTHS[index % 12]} de ${Math.floor(index / 12)}`;
}

/** 'DD/MM/YYYY' of a 'YYYY-MM-DD' day. */
export const brazilian = (day: string) => day.split('-').reverse().join('/');

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day of the month `months` calendar months away, clamped to that month's last day. */
export function monthsAway(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(date, daysInMonth(y, m))).padStart(2, '0')}`;
}

/** The calendar day after `day`. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whole days from `from` to `to`. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
