/**
 * Notification preference and slip-delivery preference (spec doc 1 §4, doc 2 §4.11, §9): may
 * change again only if it was never changed or the last change is 24 hours old.
 *
 * The hours are counted from the minute of the last change, as the customer reads it ("Última
 * alteração em 25/11/2026 às 20:48"): the change is open again from the same minute a day later
 * ("a partir de 26/11/2026 às 20:48"), never from a minute later than the clock shows.
 */
export const PREFERENCE_LOCKOUT_HOURS = 24;

const LOCKOUT_MS = PREFERENCE_LOCKOUT_HOURS * 3600_000;
const MINUTE_MS = 60_000;

/** When the preference may change next (a whole minute), or null when it may change now. */
export function nextPreferenceChange(lastChange: string | null | undefined, now: number): Date | null {
  if (!lastChange) return null;
  const last = Date.parse(lastChange);
  if (Number.isNaN(last)) return null;
  const next = Math.floor(last / MINUTE_MS) * MINUTE_MS + LOCKOUT_MS;
  return now >= next ? null : new Date(next);
}
