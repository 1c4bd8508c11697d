import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import type { Quota } from '../quotas/quota.js';

export interface MaintenanceWarning {
  startDate: string;
  startHour: string;
  endDate: string;
  endHour: string;
  active: boolean;
  text: string;
}

export interface ServerTime {
  dataAtual?: string;
  horaAtual?: string;
}

/** Cash-credit billing of the quota (core/faturamento-credito/status), when it has one. */
export interface CashBillingStatus {
  status: string;
  possuiCaso: boolean;
}

export interface HomeData {
  quota: Quota;
  warnings: MaintenanceWarning[];
  time: ServerTime | null;
  cashBilling: CashBillingStatus | null;
}

/** "sua cota não possui processos" (any case) means no process, not a failure (spec doc 2 §8). */
function noProcess(err: unknown): boolean {
  const e = err as { status?: number; upstreamMessage?: string };
  return e.status === 404 || /sua cota n[ãa]o possui processos/i.test(e.upstreamMessage ?? '');
}

/**
 * The upstream calls the home screen makes, in parallel: the selected quota (quota token),
 * the partner's maintenance warnings and the server time (a failure falls back to the local clock).
 */
export async function loadHome(upstream: CustomerUpstream, partnerId: number): Promise<HomeData> {
  const idCota = upstream.session.data.quota?.idCota;
  const [quota, warnings, time, cashBilling] = await Promise.all([
    upstream.call<Quota>({ method: 'GET', path: 'login/cota-selecionada', scope: 'quota' }),
    upstream.call<{ data: MaintenanceWarning[] }>({ method: 'GET', path: `parceiros/${partnerId}/warnings` }),
    upstream.call<ServerTime>({ method: 'GET', path: 'util/datahoraatual' }).catch(() => null),
    idCota === undefined
      ? Promise.resolve(null)
      : upstream.call<CashBillingStatus>({ method: 'GET', path: 'core/faturamento-credito/status', query: { idCota } }).catch((err: unknown) => {
          if (noProcess(err)) return null;
          throw err;
        }),
  ]);
  return { quota, warnings: warnings.data ?? [], time, cashBilling };
}
