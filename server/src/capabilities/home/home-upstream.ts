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

export interface HomeData {
  quota: Quota;
  warnings: MaintenanceWarning[];
  time: ServerTime | null;
}

/**
 * The upstream calls the home screen makes, in parallel: the selected quota (quota token),
 * the partner's maintenance warnings and the server time (a failure falls back to the local clock).
 */
export async function loadHome(upstream: CustomerUpstream, partnerId: number): Promise<HomeData> {
  const [quota, warnings, time] = await Promise.all([
    upstream.call<Quota>({ method: 'GET', path: 'login/cota-selecionada', scope: 'quota' }),
    upstream.call<{ data: MaintenanceWarning[] }>({ method: 'GET', path: `parceiros/${partnerId}/warnings` }),
    upstream.call<ServerTime>({ method: 'GET', path: 'util/datahoraatual' }).catch(() => null),
  ]);
  return { quota, warnings: warnings.data ?? [], time };
}
