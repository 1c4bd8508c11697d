import dayjs from 'dayjs';
import { BRAZIL_TZ, localNow } from '../domain/clock.js';
import { partners } from '../../../back-office/index.js';
import type { CustomerUpstream } from './customer-upstream.js';

export interface ServerTime {
  dataAtual?: string;
  horaAtual?: string;
}

/** The back office's clock (util/datahoraatual); null when it fails, so callers fall back to ours. */
export function serverTime(upstream: CustomerUpstream): Promise<ServerTime | null> {
  return upstream.request(partners.serverTime).catch(() => null);
}

/**
 * Now by the back office's clock (Brasília), so that lockouts agree with the system that
 * enforces them; the machine's clock when the server time is missing (spec doc 1 §8).
 */
export async function upstreamNow(upstream: CustomerUpstream): Promise<number> {
  const time = await serverTime(upstream);
  if (time?.horaAtual && /^\d{2}:\d{2}:\d{2}$/.test(time.horaAtual) && time.dataAtual) {
    const exact = dayjs.tz(`${time.dataAtual} ${time.horaAtual}`, 'YYYY-MM-DD HH:mm:ss', BRAZIL_TZ);
    if (exact.isValid()) return exact.valueOf();
  }
  return dayjs.tz(localNow(time), 'YYYY-MM-DD HH:mm', BRAZIL_TZ).valueOf();
}
