import dayjs from 'dayjs';
import { BRAZIL_TZ, localNow } from '../domain/clock.js';
import { partners } from '../../../back-office/index.js';
import type { CustomerUpstream } from './customer-upstream.js';

export interface ServerTime {
  dataAtual?: string;
  horaAtual?: string;
}

/**
 * The back office's clock (util/datahoraatual); null when it fails, so callers fall back to ours.
 * A kept answer is moved on by the time since it was read: what is kept is the offset between
 * the back office's clock and the server's.
 */
export async function serverTime(upstream: CustomerUpstream): Promise<ServerTime | null> {
  try {
    const { value, at } = await upstream.read(partners.serverTime);
    return movedOn(value, Date.now() - at);
  } catch {
    return null;
  }
}

/** A server time `ms` later (seconds precision, as the back office answers); an incomplete one as it is. */
export function movedOn(time: ServerTime, ms: number): ServerTime {
  const exact = exactOf(time);
  if (exact === null || ms < 1000) return time;
  const later = dayjs(exact + ms).tz(BRAZIL_TZ);
  return { ...time, dataAtual: later.format('YYYY-MM-DD'), horaAtual: later.format('HH:mm:ss') };
}

/** The instant a complete server time names, or null. */
function exactOf(time: ServerTime | null): number | null {
  if (!time?.horaAtual || !/^\d{2}:\d{2}:\d{2}$/.test(time.horaAtual) || !time.dataAtual) return null;
  const exact = dayjs.tz(`${time.dataAtual} ${time.horaAtual}`, 'YYYY-MM-DD HH:mm:ss', BRAZIL_TZ);
  return exact.isValid() ? exact.valueOf() : null;
}

/**
 * Now by the back office's clock (Brasília), so that lockouts agree with the system that
 * enforces them; the machine's clock when the server time is missing (spec doc 1 §8).
 */
export async function upstreamNow(upstream: CustomerUpstream): Promise<number> {
  const time = await serverTime(upstream);
  const exact = exactOf(time);
  if (exact !== null) return exact;
  return dayjs.tz(localNow(time), 'YYYY-MM-DD HH:mm', BRAZIL_TZ).valueOf();
}
