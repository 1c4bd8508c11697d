import { describe, expect, it } from 'vitest';
import { formatDateTime } from './clock.js';
import { nextPreferenceChange } from './preference-lockout.js';

const last = '2026-11-20T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('preference lockout (24 hours)', () => {
  it('allows a change when there was none before', () => {
    expect(nextPreferenceChange(null, at(last))).toBeNull();
    expect(nextPreferenceChange(undefined, at(last))).toBeNull();
  });

  it('refuses a change just before 24 hours after the last and allows it at 24 hours', () => {
    expect(nextPreferenceChange(last, at('2026-11-21T09:59:59.999Z'))?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(nextPreferenceChange(last, at('2026-11-21T10:00:00.000Z'))).toBeNull();
  });

  it('refuses a change one hour after the last, naming when it can change next', () => {
    expect(nextPreferenceChange(last, at('2026-11-20T11:00:00.000Z'))?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('names the same minute a day later for a change made within a minute (20:48 → 20:48), not the minute after', () => {
    // 25/11/2026 20:48:37 in Brasília.
    const changed = '2026-11-25T23:48:37.512Z';
    const next = nextPreferenceChange(changed, at('2026-11-25T23:50:00.000Z'))!;
    expect(formatDateTime(changed)).toBe('25/11/2026 às 20:48');
    expect(formatDateTime(next)).toBe('26/11/2026 às 20:48');
    expect(nextPreferenceChange(changed, at('2026-11-26T23:47:59.999Z'))).not.toBeNull();
    expect(nextPreferenceChange(changed, at('2026-11-26T23:48:00.000Z'))).toBeNull();
  });
});
