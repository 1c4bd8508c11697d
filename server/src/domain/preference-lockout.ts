/**
 * Notification preference and slip-delivery preference (spec doc 1 §4, doc 2 §4.11, §9): may
 * change again only if it was never changed or the last change is more than 24 hours old.
 */
export const PREFERENCE_LOCKOUT_HOURS = 24;

const LOCKOUT_MS = PREFERENCE_LOCKOUT_HOURS * 3600_000;

/** When the preference may change next, or null when it may change now. */
export function nextPreferenceChange(lastChange: string | null | undefined, now: number): Date | null {
  if (!lastChange) return null;
  const last = Date.parse(lastChange);
  if (Number.isNaN(last)) return null;
  const next = last + LOCKOUT_MS;
  return now > next ? null : new Date(next);
}
