import { firstName, formatDate, formatMoney, padDigits } from '../../domain/format.js';
import { localNow } from '../../domain/clock.js';
import { nextInstalment } from '../../domain/slips.js';
import { quotaCard } from '../quotas/quotas-screens.js';
import type { HomeData, MaintenanceWarning } from './home-upstream.js';

type Text = (key: string, vars?: Record<string, unknown>) => string;

/** A warning shows while active and between its start and end (Brasília time, 'YYYY-MM-DD HH:mm'). */
export function warningIsOn(w: MaintenanceWarning, now: string): boolean {
  if (!w.active) return false;
  const start = `${w.startDate} ${w.startHour || '00:00'}`;
  const end = `${w.endDate} ${w.endHour || '23:59'}`;
  return start <= now && now <= end;
}

/** A home card as the cards definitions describe it. */
export interface HomeCard {
  id: string;
  title: string;
  text: string;
  label: string;
  to: string;
}

export function homeModel(data: HomeData, customerName: string, text: Text, cards: HomeCard[] = []) {
  const now = localNow(data.time);
  const card = quotaCard(data.quota, text);
  return {
    customer: { firstName: firstName(customerName) },
    warnings: data.warnings.filter((w) => warningIsOn(w, now)).map((w) => ({ text: w.text })),
    cards,
    proximoBoleto: nextSlip(data, text),
    quota: {
      ...card,
      grupo: padDigits(data.quota.grupo, 6),
      cota: padDigits(data.quota.cota, 4),
      saldo: formatMoney(data.quota.valorSaldoDevedor),
    },
  };
}

/** The next-slip summary: value, due date and whether it is late, with the listing's process for "Gerar boleto". */
function nextSlip(data: HomeData, text: Text) {
  const next = data.slips ? nextInstalment(data.slips.parcelas) : undefined;
  if (!data.slips || !next) return null;
  return {
    valor: formatMoney(next.valor),
    vencimento: text('home.proximo-boleto.vencimento', { data: formatDate(next.dataVencimento) }),
    situacao: text(next.emAtraso ? 'boletos.situacao.vencida' : 'boletos.situacao.a-vencer'),
    tom: next.emAtraso ? 'danger' : 'info',
    processo: data.slips.identificador,
    cobranca: next.identificadorCobranca,
  };
}
