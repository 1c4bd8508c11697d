import { describe, expect, it } from 'vitest';
import { nextPreferenceChange } from './preference-lockout.js';

const last = '2026-11-20T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('preference lockout (24 hours)', () => {
  it('allows a change when there was none before', () => {
    expect(nextPreferenceChange(null, at(last))).toBeNull();
    expect(nextPreferenceChange(undefined, at(last))).toBeNull();
  });

  it('refuses a change exactly 24 hours after the last and allows it one millisecond later', () => {
    expect(nextPreferenceChange(last, at('2026-11-21T10:00:00.000Z'))?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(nextPreferenceChange(last, at('2026-11-21T10:00:00.001Z'))).toBeNull();
  });

  it('refuses a change one hour after the last, naming when it can change next', () => {
    expect(nextPreferenceChange(last, at('2026-11-20T11:00:00.000Z'))?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });
});
