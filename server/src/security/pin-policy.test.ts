import { describe, expect, it } from 'vitest';
import { pinProblem } from './pin-policy.js';

describe('guessable 6-digit passwords', () => {
  it.each([
    ['000000', 'repeat'],
    ['777777', 'repeat'],
    ['123456', 'sequence'],
    ['654321', 'sequence'],
    ['890123', 'sequence'],
    ['121212', 'pattern'],
    ['123123', 'pattern'],
    ['112233', 'pattern'],
    ['251290', 'date'],
    ['900125', 'date'],
    ['010203', 'date'],
  ])('refuses %s (%s)', (pin, problem) => expect(pinProblem(pin)).toBe(problem));

  it('refuses the holder’s birth date in its usual forms', () => {
    for (const pin of ['140385', '850314', '031485', '198503']) expect(pinProblem(pin, '1985-03-14')).toBe('birth-date');
  });

  it.each(['135790', '482915', '739164', '318642'])('accepts %s', (pin) => expect(pinProblem(pin, '1985-03-14')).toBeNull());

  it('does not judge what is not 6 digits (the format rule answers that)', () => expect(pinProblem('12345')).toBeNull());
});
