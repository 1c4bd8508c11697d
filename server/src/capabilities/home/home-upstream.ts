import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { UpstreamError } from '../../plugins/core/upstream-client.js';
import type { CrmCase } from '../../domain/cases.js';
import { isCancelled, isContemplated } from '../../domain/quota-flags.js';
import { localNow } from '../../domain/clock.js';
import { loadCases } from '../../upstream/crm-cases.js';
import { serverTime, type ServerTime } from '../../upstream/server-time.js';
import type { Quota } from '../quotas/quota.js';
import { cashBillingUpstream, type CashBillingData } from '../cash-billing/cash-billing-upstream.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';

export interface MaintenanceWarning {
  startDate: string;
  startHour: string;
  endDate: string;
  endHour: string;
  active: boolean;
  text: string;
}

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
 * The upstream calls the home screen makes, in the load order of spec doc 2 §4.1: the cases
 * first (with the selected quota, the partner's maintenance warnings and the server time, in
 * parallel); a mandatory registration update stops there, a cancelled quota takes its own
 * branch; otherwise the billing statuses follow.
 */
export async function loadHome(upstream: CustomerUpstream, partnerId: number): Promise<HomeData> {
  const [quota, warnings, time, cases] = await Promise.all([
    selectedQuota(upstream),
    upstream.call<{ data: MaintenanceWarning[] }>({ method: 'GET', path: `parceiros/${partnerId}/warnings` }),
    serverTime(upstream),
    loadCases(upstream).catch((err: unknown) => {
      if (err instanceof UpstreamError && !err.tokenExpired) return [];
      throw err;
    }),
  ]);
  const stop = upstream.session.data.mandatoryUpdate === true || isCancelled(quota);
  const cashBilling = stop ? null : ((await loadCashBilling(upstream)) ?? (await startableCashBilling(upstream, quota, time)));
  return { quota, warnings: warnings.data ?? [], time, cases, cashBilling };
}
