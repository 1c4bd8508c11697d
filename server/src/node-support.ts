/**
 * The Node.js release lines and the day each stops getting fixes (the Node.js release schedule,
 * github.com/nodejs/Release): even lines are long-term support for 30 months, odd lines live six
 * months. After that day a line gets no security fixes, and a platform team refuses an image on it.
 */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  16: '2023-09-11',
  17: '2022-06-01',
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The line the image runs and `engines` asks for. */
export const NODE_LINE = 24;

export interface EndOfLife {
  node: string;
  line: number;
  /** The line's last day of fixes (YYYY-MM-DD), or null for a line older than the table. */
  endOfLife: string | null;
}

/**
 * Whether `version` (process.versions.node) belongs to a line past its end of life on `today`.
 * A line newer than the table is not judged (nothing is known of it yet); one older is past.
 */
export function pastEndOfLife(version: string, today: Date): EndOfLife | null {
  const line = Number(version.replace(/^v/, '').split('.')[0]);
  if (!Number.isInteger(line)) return null;
  const known = Object.keys(NODE_END_OF_LIFE).map(Number);
  if (line < Math.min(...known)) return { node: version, line, endOfLife: null };
  const last = NODE_END_OF_LIFE[line];
  if (!last) return null;
  return today.toISOString().slice(0, 10) > last ? { node: version, line, endOfLife: last } : null;
}

/** The start-up warning for a runtime past its end of life. */
export function endOfLifeMessage(eol: EndOfLife): string {
  const when = eol.endOfLife ? `on ${eol.endOfLife}` : 'already';
  return `Node.js ${eol.line} reached its end of life ${when} and gets no security fixes: run the server on Node.js ${NODE_LINE} (LTS), as the image does`;
}
