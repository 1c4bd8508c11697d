/**
 * Guessable 6-digit passwords, refused when a customer chooses a new one: repeats, runs,
 * repeated patterns and dates (DDMMAA, AAMMDD and the holder's own birth date in any form).
 */
export type PinProblem = 'repeat' | 'sequence' | 'pattern' | 'date' | 'birth-date';

function isRun(pin: string, step: 1 | -1): boolean {
  for (let i = 1; i < pin.length; i++) {
    if ((Number(pin[i - 1]) + step + 10) % 10 !== Number(pin[i])) return false;
  }
  return true;
}

function validDate(day: number, month: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** The birth date (YYYY-MM-DD) written as six digits in the ways people do. */
function birthForms(birthDate: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return [];
  const [, yyyy, mm, dd] = m as unknown as [string, string, string, string];
  const yy = yyyy.slice(2);
  return [`${dd}${mm}${yy}`, `${yy}${mm}${dd}`, `${mm}${dd}${yy}`, `${dd}${mm}${yyyy}`.slice(0, 6), `${yyyy}${mm}`, `${mm}${yyyy}`, `${dd}${yyyy}`.slice(0, 6)];
}

export function pinProblem(pin: string, birthDate?: string | null): PinProblem | null {
  if (!/^\d{6}$/.test(pin)) return null; // the format rule has its own message
  if (birthDate && birthForms(birthDate).includes(pin)) return 'birth-date';
  if (/^(\d)\1{5}$/.test(pin)) return 'repeat';
  if (isRun(pin, 1) || isRun(pin, -1)) return 'sequence';
  if (/^(\d\d)\1\1$/.test(pin) || /^(\d{3})\1$/.test(pin) || /^(\d)\1(\d)\2(\d)\3$/.test(pin)) return 'pattern';
  const [a, b, c] = [Number(pin.slice(0, 2)), Number(pin.slice(2, 4)), Number(pin.slice(4, 6))];
  if (validDate(a, b) || validDate(c, b)) return 'date';
  return null;
}
