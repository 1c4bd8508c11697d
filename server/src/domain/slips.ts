/**
 * Slip rules (spec doc 1 §4 "Slip list filter", §5): the list filter and the grouping rule, plus
 * the barcode a typeable line stands for (Carta-Circular BCB 2.926/2000).
 */
export const SLIP_FILTERS = ['todos', 'avencer', 'vencidos'] as const;
export type SlipFilter = (typeof SLIP_FILTERS)[number];

export interface InstalmentLike {
  emAtraso: boolean;
}

/** An unknown or absent filter is 'todos'. */
export function parseSlipFilter(raw: string | null | undefined): SlipFilter {
  return (SLIP_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as SlipFilter) : 'todos';
}

/** all, due (not late yet) or late. */
export function filterInstalments<T extends InstalmentLike>(list: readonly T[], filter: SlipFilter): T[] {
  if (filter === 'avencer') return list.filter((i) => !i.emAtraso);
  if (filter === 'vencidos') return list.filter((i) => i.emAtraso);
  return [...list];
}

/** The instalment to pay next: the one due first (a late one comes before any on time). */
export function nextInstalment<T extends InstalmentLike & { dataVencimento: string }>(list: readonly T[]): T | undefined {
  return [...list].sort((a, b) => Number(b.emAtraso) - Number(a.emAtraso) || a.dataVencimento.localeCompare(b.dataVencimento))[0];
}

/** Overdue slips cannot be grouped with on-time ones. */
export function mixesLateAndOnTime(list: readonly InstalmentLike[]): boolean {
  return list.some((i) => i.emAtraso) && list.some((i) => !i.emAtraso);
}

/** The 44-digit barcode of a 47-digit cobrança bancária typeable line (for the ITF drawing). */
export function barcodeFromLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) throw new RangeError('a linha digitável tem 47 dígitos');
  return `${d.slice(0, 4)}${d.slice(32, 33)}${d.slice(33, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
}
