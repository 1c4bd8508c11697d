import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, holidaysOf, isBusinessDay, STATES } from './business-days.js';

describe('business days (doc 2 §9)', () => {
  it('knows the 27 federative units', () => {
    expect(STATES).toHaveLength(27);
    expect(STATES).toContain('SP');
  });

  it('skips weekends', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday → Monday
  });

  it('closes Carnival Monday and Tuesday (Easter-based) but not Ash Wednesday', () => {
    expect(isBusinessDay('2026-02-16')).toBe(false);
    expect(isBusinessDay('2026-02-17')).toBe(false);
    expect(isBusinessDay('2026-02-18')).toBe(true);
    // Friday 13 February 2026 + 5 business days: 18, 19, 20, 23, 24.
    expect(addBusinessDays('2026-02-13', 5)).toBe('2026-02-24');
  });

  it('closes Good Friday and Corpus Christi, which move with Easter', () => {
    expect(isBusinessDay('2026-04-03')).toBe(false);
    expect(isBusinessDay('2027-03-26')).toBe(false);
    expect(isBusinessDay('2026-06-04')).toBe(false);
    expect(addBusinessDays('2026-04-01', 2)).toBe('2026-04-06');
  });

  it('closes the national fixed holidays, including Consciência Negra (20 November)', () => {
    expect(holidaysOf(2026).get('2026-11-20')).toBe('Dia da Consciência Negra');
    expect(isBusinessDay('2026-11-20')).toBe(false);
    expect(addBusinessDays('2026-11-19', 1)).toBe('2026-11-23');
  });

  it('closes a state holiday only in its state: 9 July in São Paulo, 23 April in Rio de Janeiro', () => {
    expect(isBusinessDay('2026-07-09', 'SP')).toBe(false);
    expect(isBusinessDay('2026-07-09')).toBe(true);
    expect(isBusinessDay('2026-07-09', 'RJ')).toBe(true);
    expect(isBusinessDay('2026-04-23', 'RJ')).toBe(false);
    // Wednesday 8 July 2026 + 5 business days: in SP 10, 13, 14, 15, 16; elsewhere 9, 10, 13, 14, 15.
    expect(addBusinessDays('2026-07-08', 5, 'SP')).toBe('2026-07-16');
    expect(addBusinessDays('2026-07-08', 5)).toBe('2026-07-15');
  });

  it('counts the used-vehicle payment deadline across Carnival and a state holiday together', () => {
    // Rio de Janeiro: Carnival 2026 (16–17 February) and 23 April (São Jorge, a state holiday).
    // From Friday 13 February 2026, 5 business days in RJ: 18, 19, 20, 23, 24 (Carnival skipped).
    expect(addBusinessDays('2026-02-13', 5, 'RJ')).toBe('2026-02-24');
    // From Tuesday 21 April 2026 (Tiradentes, national), 5 business days in RJ: 22, 24, 27, 28, 29 (23 April closed).
    expect(addBusinessDays('2026-04-21', 5, 'RJ')).toBe('2026-04-29');
    expect(addBusinessDays('2026-04-21', 5)).toBe('2026-04-28');
  });

  it('counts 10 business days across a year end', () => {
    // 24 Dec 2026 (Thursday): 28, 29, 30, 31 Dec, 4, 5, 6, 7, 8, 11 Jan (25 Dec and 1 Jan closed).
    expect(addBusinessDays('2026-12-24', 10)).toBe('2027-01-11');
    expect(businessDaysBetween('2026-12-24', '2027-01-11')).toBe(10);
    expect(businessDaysBetween('2027-01-11', '2026-12-24')).toBe(0);
  });

  it('refuses what is not a calendar day or a state it does not know', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow();
    expect(() => addBusinessDays('24/12/2026', 1)).toThrow();
    expect(() => isBusinessDay('2026-02-02', 'XX')).toThrow();
    expect(addBusinessDays('2026-02-02', 0)).toBe('2026-02-02');
  });
});
