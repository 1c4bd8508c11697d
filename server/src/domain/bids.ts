/**
 * Bid rules of the offer wizard (spec doc 1 §4, §5, §9), as pure functions: the wizard's
 * screens and actions call these; the messages are the spec's.
 */
import { isCancelled, type QuotaState } from './quota-flags.js';
export const BID_MESSAGES = {
  empty: 'Insira algum valor.',
  aboveMax: 'Este valor excede o lance máximo',
  belowMin: 'Este valor é menor que o lance mínimo',
  notAllowed: 'Este valor excede o permitido.',
} as const;

/** Embedded bid up to 25 % of the credit (spec doc 1 §9). */
export const MAX_EMBEDDED_SHARE = 0.25;

/** Rounds to cents the way money is shown (half away from zero). */
export function cents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100 + Number.EPSILON) / 100;
}

/** Percentage rule: the bid in money is the good's value × percentage / 100, with 2 decimals. */
export function bidValueFromPercentage(goodValue: number, percentage: number): number {
  return cents((goodValue * percentage) / 100);
}

/** FGTS expressed as a percentage of the bid value, with 2 decimals (0 when there is no bid). */
export function fgtsPercentage(fgts: number, bidValue: number): number {
  return bidValue > 0 ? cents((fgts / bidValue) * 100) : 0;
}

/** The free-bid-auto flag: an auto quota bidding under the free-bid rule (LL). */
export function freeBidAuto(quotaType: string, modality: string): boolean {
  return quotaType === 'auto' && modality === 'LL';
}

/**
 * A money field as typed in pt-BR ("1.234,56", "1234.56" or "1234"): null when it is not a
 * non-negative amount with at most two decimals.
 */
export function parseMoney(text: string): number | null {
  const t = text.trim().replace(/^R\$\s*/, '');
  if (!t) return null;
  // pt-BR: thousands in groups of three with dots, decimals after a comma; or a plain dot decimal.
  if (/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^\d+(\.\d{1,2})?$/.test(t)) return Number(t);
  return null;
}

/**
 * A money field as the form sends it: a number (the renderer's `dinheiro` format) or text typed
 * in pt-BR (older clients). Null when negative, not finite or with more than two decimals.
 */
export function readMoney(value: string | number): number | null {
  if (typeof value === 'string') return parseMoney(value);
  if (!Number.isFinite(value) || value < 0 || Math.round(value * 100) !== value * 100) return null;
  return value;
}

export interface BidLimits {
  min: number;
  max: number;
}

/** The bid value against the rule's limits: the spec's message, or null when it is fine. */
export function bidValueProblem(value: number | null, limits: BidLimits): string | null {
  if (value === null || value <= 0) return BID_MESSAGES.empty;
  if (value > limits.max) return BID_MESSAGES.aboveMax;
  if (value < limits.min) return BID_MESSAGES.belowMin;
  return null;
}

/** Embedded bid: at most 25 % of the credit and at most the bid value. */
export function embeddedProblem(embedded: number, bidValue: number, credit: number): string | null {
  if (embedded < 0) return BID_MESSAGES.notAllowed;
  if (embedded > cents(credit * MAX_EMBEDDED_SHARE) || embedded > bidValue) return BID_MESSAGES.notAllowed;
  return null;
}

/** Embedded bid plus FGTS cannot exceed the bid value. */
export function embeddedPlusFgtsProblem(embedded: number, fgts: number, bidValue: number): string | null {
  return cents(embedded + fgts) > bidValue ? BID_MESSAGES.notAllowed : null;
}

/**
 * Bids are accepted until 1 day before the assembly (an assembly tomorrow means bids are
 * closed) and never for a cancelled quota.
 */
export function bidsOpen(daysToAssembly: number | null, cancelled: boolean): boolean {
  return !cancelled && daysToAssembly !== null && daysToAssembly > 1;
}

/** The last day a bid is accepted for an assembly held on `assemblyDay` (YYYY-MM-DD): the day before the day before, by `bidsOpen`. */
export function lastBidDay(assemblyDay: string): string {
  const day = new Date(`${assemblyDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 2);
  return day.toISOString().slice(0, 10);
}

/** Why no offer can be made now: the quota is cancelled, or offers for the next assembly are closed. */
export type BidRefusal = 'cota-cancelada' | 'encerrado';

/**
 * The refusal a customer is given, checked in the spec's order (doc 1 §4: "a bid is refused when
 * the quota is cancelled"; "bids are accepted until 1 day before the assembly"): a cancelled quota
 * is refused for that reason whatever the assembly's date; otherwise the back office's cut-off.
 */
export function bidRefusal(quota: Pick<QuotaState, 'situacaoCota'>, offersOpen: boolean): BidRefusal | null {
  if (isCancelled(quota)) return 'cota-cancelada';
  return offersOpen ? null : 'encerrado';
}

/** What the FGTS may be used for (doc 1 §5: buy a property, buy land, renovate or build). */
export const FGTS_PURPOSES = ['COMPRA_IMOVEL', 'COMPRA_TERRENO', 'REFORMA', 'CONSTRUCAO'] as const;
