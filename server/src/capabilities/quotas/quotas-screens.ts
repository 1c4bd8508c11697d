import { formatMoney, quotaLabel } from '../../domain/format.js';
import type { Quota } from './quota.js';
import type { QuotaPage } from './quotas-upstream.js';

type Text = (key: string, vars?: Record<string, unknown>) => string;

/** 'NORMAL' → 'Normal', 'EM ATRASO' → 'Em atraso'. */
export function situationLabel(situacao: string): string {
  const lower = situacao.trim().toLowerCase().replace(/_/g, ' ');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export function typeLabel(tipo: string, text: Text): string {
  try {
    return text(`cotas.tipo.${tipo}`);
  } catch {
    return tipo;
  }
}

/** What a quota card shows: nickname or group/quota, type, credit value, situation — already formatted. */
export function quotaCard(q: Quota, text: Text) {
  const label = quotaLabel(q.grupo, q.cota);
  return {
    idCota: q.idCota,
    titulo: q.apelido?.trim() || label,
    subtitulo: q.apelido?.trim() ? label : '',
    tipo: typeLabel(q.tipo, text),
    credito: formatMoney(q.valorBem),
    situacao: situationLabel(q.situacaoCota),
    foto: q.fotoUrl ?? '',
  };
}

export function quotaListModel(page: QuotaPage, voltar: string | undefined, text: Text) {
  const totalPages = Math.max(1, page.total_pages);
  const link = (n: number) => {
    const params = new URLSearchParams({ pagina: String(n) });
    if (voltar) params.set('voltar', voltar);
    return `/groups-and-quotas?${params.toString()}`;
  };
  return {
    quotas: page.data.map((q) => quotaCard(q, text)),
    pager: {
      show: totalPages > 1,
      page: page.page,
      totalPages,
      prev: page.page > 1 ? link(page.page - 1) : '',
      next: page.page < totalPages ? link(page.page + 1) : '',
    },
  };
}
