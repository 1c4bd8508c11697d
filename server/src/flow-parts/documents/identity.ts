/**
 * Identity documents (spec doc 1 §5, doc 2 §3.3): the minimum pages of each type — rne 1, rg 2,
 * class card 2, cnh 1, dni 2, ctps 3, armed-forces card 1, a third party's rg 2 or cnh 1 — and the formats accepted (PDF, JPG, PNG).
 */
export const MIN_PAGES: Readonly<Record<string, number>> = {
  rne: 1,
  rg: 2,
  'carteira de classe': 2,
  cnh: 1,
  dni: 2,
  ctps: 3,
  'carteira das forcas armadas': 1,
  'rg de terceiro': 2,
  'cnh de terceiro': 1,
};

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

const key = (description: string) =>
  description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** How many pages a document type needs (by its description in tipos-documento); 1 when unknown. */
export function minimumPages(description: string): number {
  return MIN_PAGES[key(description)] ?? 1;
}

/** The problem with `pages` pages of a document of this type, or null. */
export function pagesProblem(description: string, pages: number): string | null {
  const min = minimumPages(description);
  return pages >= min ? null : `Envie ${min === 1 ? 'a página' : `as ${min} páginas`} do documento (${description}).`;
}
