import { partners, type MaintenanceWarning } from '../../../../back-office/index.js';
import { essentialOnly, type PartOptions, type Secondary } from '../../composition/screen-parts.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { CrmCase } from '../../domain/cases.js';
import { isCancelled, isContemplated } from '../../domain/quota-flags.js';
import { localNow } from '../../domain/clock.js';
import { loadCases } from '../../upstream/crm-cases.js';
import { serverTime, type ServerTime } from '../../upstream/server-time.js';
import type { Quota } from '../quotas/quota.js';
import { cashBillingUpstream, type CashBillingData } from '../cash-billing/cash-billing-upstream.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { awarded, type AwardedFlowData } from '../../../../back-office/index.js';
import { isNoProcess } from '../../upstream/no-process.js';
import { slipsUpstream, type SecondCopyListing } from '../slips/slips-upstream.js';
import { vehicleBilling, type VehicleBillingData } from '../../../../back-office/index.js';
import { loadVehicleBilling } from '../../upstream/vehicle-billing.js';
import { refund } from '../../../../back-office/index.js';
import { effectiveRefundStatus, refundAllowed } from '../../domain/refund.js';

export type { MaintenanceWarning } from '../../../../back-office/index.js';

/** Cash-credit billing of the quota (core/faturamento-credito/status), when it has one. */
export type CashBillingStatus = Pick<CashBillingData, 'status' | 'possuiCaso'>;

export interface HomeData {
  quota: Quota;
  warnings: MaintenanceWarning[];
  time: ServerTime | null;
  /** The customer's CRM cases; empty when the CRM does not answer (home still shows). */
  cases: CrmCase[];
  /** Loaded only when the load order gets that far (not during a mandatory update, not for a cancelled quota). */
  cashBilling: CashBillingStatus | null;
  /** The open instalments, for the next-slip summary; null when not asked or the call failed (home still shows). */
  slips: SecondCopyListing | null;
  /** The awarded flow of a contemplated quota (core/contemplacao/status), when it has one. */
  awarded: AwardedFlowData | null;
  /** Vehicle billing of a vehicle quota, loaded with the cash billing (doc 2 §4.1 step 4). */
  vehicleBilling: VehicleBillingStatus | null;
  /** The refund's status (null: not started), undefined when the quota may not have one or it could not be read. */
  refundStatus?: string | null | undefined;
}

/** The selected quota's awarded flow, or null when it has none (or the call fails: home still shows). */
export async function loadAwarded(upstream: CustomerUpstream): Promise<AwardedFlowData | null> {
  const idCota = upstream.session.data.quota?.idCota;
  if (idCota === undefined) return null;
  return upstream.request(awarded.status, { query: { idCota } }).catch((err: unknown) => {
    if (isNoProcess(err) || (err instanceof UpstreamError && !err.tokenExpired)) return null;
    throw err;
  });
}

/** What home and /faturamento read of a vehicle billing. */
export type VehicleBillingStatus = Pick<VehicleBillingData, 'status' | 'tipoFaturamento' | 'fluxoManual' | 'dataCriacao' | 'estadoProcesso' | 'isDigital'> &
  Partial<Pick<VehicleBillingData, 'tipoVendedor' | 'statusPagamento'>>;

/**
 * The vehicle billing of a vehicle quota (auto, pesados): its process, or — contemplated, no
 * process, and the core system says it can bill — the start (doc 2 §4.5).
 */
export async function loadVehicleBillingOf(upstream: CustomerUpstream, quota: Quota, time: ServerTime | null): Promise<VehicleBillingStatus | null> {
  if (quota.tipo !== 'auto' && quota.tipo !== 'pesados') return null;
  const data = await loadVehicleBilling(upstream, quota.idCota);
  if (data) return data;
  if (!isContemplated(quota, localNow(time).slice(0, 10))) return null;
  const check = await upstream.request(vehicleBilling.check, { query: { idCota: quota.idCota } }).catch((err: unknown) => {
    if (err instanceof UpstreamError && !err.tokenExpired) return null;
    throw err;
  });
  return check?.podeFaturar ? { status: 'TRATATIVA_NAO_INICIADA', tipoFaturamento: null, fluxoManual: false, dataCriacao: new Date().toISOString(), estadoProcesso: null, isDigital: true } : null;
}

/**
 * The refund status of a quota that may have one (cancelled and contemplated, or in a closed
 * group, doc 2 §4.6), for the home card; undefined otherwise or when the call fails (home still shows).
 */
async function loadRefundStatus(upstream: CustomerUpstream, quota: Quota, time: ServerTime | null): Promise<string | null | undefined> {
  if (!refundAllowed(quota, localNow(time).slice(0, 10))) return undefined;
  try {
    return effectiveRefundStatus(await upstream.request(refund.status, { query: { idCota: quota.idCota } }));
  } catch (err) {
    if (err instanceof UpstreamError && err.tokenExpired) throw err;
    // No process yet ('sua cota não possui processos'): the refund is at its start.
    return err instanceof UpstreamError && err.notFound ? null : undefined;
  }
}

/** The selected quota's cash-credit billing, or null when it has no such process. */
export async function loadCashBilling(upstream: CustomerUpstream): Promise<CashBillingStatus | null> {
  const idCota = upstream.session.data.quota?.idCota;
  return idCota === undefined ? null : cashBillingUpstream.status(upstream, idCota);
}

/**
 * A quota without a cash-billing process: only a contemplated real-estate or service quota is
 * checked, and when the core system says it can bill, billing is at its start (doc 2 §4.4).
 */
export async function startableCashBilling(upstream: CustomerUpstream, quota: Quota, time: ServerTime | null): Promise<CashBillingStatus | null> {
  if ((quota.tipo !== 'imovel' && quota.tipo !== 'servico') || !isContemplated(quota, localNow(time).slice(0, 10))) return null;
  const check = await cashBillingUpstream.check(upstream, quota.idCota).catch((err: unknown) => {
    if (err instanceof UpstreamError && !err.tokenExpired) return null;
    throw err;
  });
  return check?.podeFaturar ? { status: 'TRATATIVA_NAO_INICIADA', possuiCaso: false } : null;
}

/**
 * Home's secondary parts and how long each may hold the screen, from its call's start (the default,
 * DEFAULT_PART_BUDGET_MS, where none is given). Past it the home is drawn without the part, which
 * the renderer's follow-up brings: the warnings, the CRM cases (the cards and notices they decide),
 * each billing status (a card each) and the open instalments (the next-slip summary).
 */
export const HOME_PARTS = {
  avisos: { budgetMs: 1000 },
  // The CRM answers more slowly than the core system (docs/performance.md, the latency profile).
  casos: { budgetMs: 2000 },
  faturamento: {},
  contemplacao: {},
  'faturamento-veiculo': {},
  'proximo-boleto': {},
  devolucao: {},
} as const satisfies Record<string, PartOptions>;

/** The parts whose cards the home draws in its list of cards (one placeholder stands for them while late). */
export const CARD_PARTS: ReadonlyArray<keyof typeof HOME_PARTS> = ['casos', 'faturamento', 'contemplacao', 'faturamento-veiculo', 'devolucao'];

/**
 * The upstream calls the home screen makes, in the load order of spec doc 2 §4.1: the cases
 * first (with the selected quota, the partner's maintenance warnings and the server time, in
 * parallel); a mandatory registration update (the session's flag, read from the cases at login)
 * stops there, a cancelled quota takes its own branch; otherwise the billing statuses follow as
 * soon as the quota and the day are known.
 */
export async function loadHome(upstream: CustomerUpstream, partnerId: number, secondary: Secondary = essentialOnly): Promise<HomeData> {
  // Essential: the selected quota. Secondary (dropped with their part when they fail or run past
  // their budget): the partner's warnings, the CRM cases, the billing statuses, the open
  // instalments. The server time falls back to our clock. The billing statuses wait for what
  // decides them (the quota and the day), not for the warnings or the cases, which go on beside them.
  const quotaAndTime = Promise.all([selectedQuota(upstream), serverTime(upstream)]);
  const statuses = quotaAndTime.then(([quota, time]) => {
    const stop = upstream.session.data.mandatoryUpdate === true || isCancelled(quota);
    const contemplated = isContemplated(quota, localNow(time).slice(0, 10));
    return Promise.all([
      stop ? null : secondary('faturamento', () => loadCashBilling(upstream).then((found) => found ?? startableCashBilling(upstream, quota, time)), null, HOME_PARTS.faturamento),
      upstream.session.data.mandatoryUpdate === true || !contemplated ? null : secondary('contemplacao', () => loadAwarded(upstream), null, HOME_PARTS.contemplacao),
      stop ? null : secondary('faturamento-veiculo', () => loadVehicleBillingOf(upstream, quota, time), null, HOME_PARTS['faturamento-veiculo']),
      // Without it the home shows no next-slip summary.
      stop ? null : secondary<SecondCopyListing | null>('proximo-boleto', () => slipsUpstream.secondCopy(upstream, quota.idCota, false), null, HOME_PARTS['proximo-boleto']),
      upstream.session.data.mandatoryUpdate === true ? undefined : secondary('devolucao', () => loadRefundStatus(upstream, quota, time), undefined, HOME_PARTS.devolucao),
    ]);
  });
  const [[quota, time], warnings, cases, [cashBilling, awardedFlow, vehicleBilling, slips, refundStatus]] = await Promise.all([
    quotaAndTime,
    secondary('avisos', () => upstream.request(partners.warnings, { params: { id: partnerId } }), { data: [] }, HOME_PARTS.avisos),
    secondary('casos', () => loadCases(upstream), [], HOME_PARTS.casos),
    statuses,
  ]);
  return { quota, warnings: warnings.data, time, cases, cashBilling, awarded: awardedFlow, vehicleBilling, slips, refundStatus };
}
