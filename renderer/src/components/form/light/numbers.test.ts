import { describe, expect, it } from 'vitest';
import { readNumber, shownNumber } from './numbers.js';

describe('numbers as a Brazilian writes them', () => {
  it.each([
    ['98000', 98000],
    ['98.000', 98000],
    ['R$ 98.000', 98000],
    ['1.234.567', 1234567],
    ['45.900,50', 45900.5],
    ['45900,5', 45900.5],
    ['98000.5', 98000.5],
    [' 1,75 ', 1.75],
  ])('reads %j as %d', (text, value) => {
    expect(readNumber(text)).toBe(value);
  });

  it.each(['', 'abc', '12,3,4', '45.900.50', '4.59,00', '1.23.4', '9 8 mil'])('does not read %j as a number', (text) => {
    expect(readNumber(text)).toBeUndefined();
  });

  it('reads only whole numbers for a whole-number field', () => {
    expect(readNumber('12', true)).toBe(12);
    expect(readNumber('1.500', true)).toBe(1500);
    expect(readNumber('1,5', true)).toBeUndefined();
  });

  it('shows a number the server holds the way it is read back', () => {
    expect(shownNumber(98000)).toBe('98.000');
    expect(shownNumber(45900.5)).toBe('45.900,5');
    expect(readNumber(shownNumber(1234567.25))).toBe(1234567.25);
    expect(shownNumber(undefined)).toBe('');
  });
});
