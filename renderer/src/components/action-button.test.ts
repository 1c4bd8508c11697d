import { describe, expect, it } from 'vitest';
import { secondsLeft } from './action-button.js';

describe('resend countdown', () => {
  const until = '2026-11-23T12:00:40.000Z';
  it('counts the seconds left from the clock, rounding up', () => {
    expect(secondsLeft(until, Date.parse('2026-11-23T12:00:00.000Z'))).toBe(40);
    expect(secondsLeft(until, Date.parse('2026-11-23T12:00:39.001Z'))).toBe(1);
  });
  it('is zero once the time has passed, however long the tab slept', () => {
    expect(secondsLeft(until, Date.parse('2026-11-23T13:00:00.000Z'))).toBe(0);
  });
});
