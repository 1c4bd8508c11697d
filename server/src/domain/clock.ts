import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const BRAZIL_TZ = 'America/Sao_Paulo';

/**
 * 'YYYY-MM-DD HH:mm' in Brasília: from the upstream's server time when complete, else from
 * this machine's clock (spec doc 1 §8: failed or incomplete server time falls back to the device clock).
 */
export function localNow(serverTime: { dataAtual?: string; horaAtual?: string } | null, now: Date = new Date()): string {
  if (serverTime?.dataAtual && /^\d{4}-\d{2}-\d{2}$/.test(serverTime.dataAtual) && serverTime.horaAtual && /^\d{2}:\d{2}/.test(serverTime.horaAtual)) {
    return `${serverTime.dataAtual} ${serverTime.horaAtual.slice(0, 5)}`;
  }
  return dayjs(now).tz(BRAZIL_TZ).format('YYYY-MM-DD HH:mm');
}


/** 'DD/MM/YYYY às HH:mm' in Brasília. */
export const formatDateTime = (at: Date | string) => dayjs(at).tz(BRAZIL_TZ).format('DD/MM/YYYY [às] HH:mm');

/** 'DD/MM/YYYY HH:mm' in Brasília: a moment as a spreadsheet in pt-BR reads a date and time from a file. */
export const formatSpreadsheetDateTime = (at: Date | string) => dayjs(at).tz(BRAZIL_TZ).format('DD/MM/YYYY HH:mm');
