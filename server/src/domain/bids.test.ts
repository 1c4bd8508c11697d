import { describe, expect, it } from 'vitest';
import { BID_MESSAGES, bidsOpen, lastBidDay, bidValueFromPercentage, bidValueProblem, embeddedPlusFgtsProblem, embeddedProblem, fgtsPercentage, freeBidAuto, parseMoney, readMoney } from './bids.js';

describe('bid formulas', () => {
  it('turns a percentage rule into money with 2 decimals', () => {
    expect(bidValueFromPercentage(85_000, 30)).toBe(25_500);
    expect(bidValueFromPercentage(72_345.67, 12.5)).toBe(9_043.21);
    expect(bidValueFromPercentage(100, 33.335)).toBe(33.34);
  });
  it('expresses FGTS as a percentage of the bid value', () => {
    expect(fgtsPercentage(10_000, 40_000)).toBe(25);
    expect(fgtsPercentage(1_000, 3_000)).toBe(33.33);
    expect(fgtsPercentage(1_000, 0)).toBe(0);
  });
  it('turns the free-bid-auto flag on only for auto quotas under the free-bid rule', () => {
    expect(freeBidAuto('auto', 'LL')).toBe(true);
    expect(freeBidAuto('auto', 'LF')).toBe(false);
    expect(freeBidAuto('imovel', 'LL')).toBe(false);
  });
});

describe('bid value messages', () => {
  const limits = { min: 1_000, max: 50_000 };
  it('asks for a value when there is none', () => {
    expect(bidValueProblem(null, limits)).toBe('Insira algum valor.');
    expect(bidValueProblem(0, limits)).toBe('Insira algum valor.');
  });
  it('accepts exactly the maximum and refuses a cent more', () => {
    expect(bidValueProblem(50_000, limits)).toBeNull();
    expect(bidValueProblem(50_000.01, limits)).toBe('Este valor excede o lance máximo');
  });
  it('accepts exactly the minimum and refuses a cent less', () => {
    expect(bidValueProblem(1_000, limits)).toBeNull();
    expect(bidValueProblem(999.99, limits)).toBe('Este valor é menor que o lance mínimo');
  });
  it('reads pt-BR money and refuses letters, negatives and more than two decimals', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('R$ 25.500,00')).toBe(25500);
    expect(parseMoney('1234.5')).toBe(1234.5);
    for (const bad of ['abc', '-10', '10,123', '1.2.3,4', '']) expect(parseMoney(bad)).toBeNull();
  });
});

describe('embedded bid and FGTS', () => {
  it('allows an embedded bid of exactly 25 % of the credit, not a cent more', () => {
    expect(embeddedProblem(21_250, 30_000, 85_000)).toBeNull();
    expect(embeddedProblem(21_250.01, 30_000, 85_000)).toBe(BID_MESSAGES.notAllowed);
  });
  it('never lets the embedded bid exceed the bid itself', () => {
    expect(embeddedProblem(10_000, 10_000, 85_000)).toBeNull();
    expect(embeddedProblem(10_000.01, 10_000, 85_000)).toBe('Este valor excede o permitido.');
  });
  it('keeps embedded bid plus FGTS within the bid value', () => {
    expect(embeddedPlusFgtsProblem(5_000, 5_000, 10_000)).toBeNull();
    expect(embeddedPlusFgtsProblem(5_000, 5_000.01, 10_000)).toBe('Este valor excede o permitido.');
  });
});

describe('when bids are accepted', () => {
  it('closes bids the day before the assembly (bruno’s imovel quota, assembly tomorrow)', () => {
    expect(bidsOpen(1, false)).toBe(false);
    expect(bidsOpen(0, false)).toBe(false);
    expect(bidsOpen(2, false)).toBe(true);
  });
  it('refuses bids for a cancelled quota or without an assembly', () => {
    expect(bidsOpen(10, true)).toBe(false);
    expect(bidsOpen(null, false)).toBe(false);
  });
  it('names the last day a bid is accepted: two days before the assembly, across a month and a year', () => {
    expect(lastBidDay('2026-12-10')).toBe('2026-12-08');
    expect(lastBidDay('2026-12-01')).toBe('2026-11-29');
    expect(lastBidDay('2027-01-01')).toBe('2026-12-30');
  });
});

describe('readMoney', () => {
  it('takes the number the dinheiro format sends, or pt-BR text from older clients', () => {
    expect(readMoney(1234.56)).toBe(1234.56);
    expect(readMoney('1.234,56')).toBe(1234.56);
  });
  it('refuses a negative amount, a third decimal or a number that is not finite', () => {
    expect(readMoney(-1)).toBeNull();
    expect(readMoney(1.234)).toBeNull();
    expect(readMoney(Number.NaN)).toBeNull();
  });
});
