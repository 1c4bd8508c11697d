/**
 * docs/spec-coverage.md from the spec documents (docs/spec/): every message the two documents
 * quote, whether the product serves it exactly (screens/texts, screens/, server/src) and which
 * test names it. `npm run spec:coverage` rewrites the page; tests/docs/spec-coverage.test.ts keeps
 * it current and fails on a quoted message nobody serves or names.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SPEC_DIR = join(ROOT, 'docs/spec');
export const COVERAGE_PAGE = join(ROOT, 'docs/spec-coverage.md');

/** Quoted in the spec but terms, not messages the app shows (the reason is printed beside them). */
export const NOT_MESSAGES: Record<string, string> = {
  today: 'a term of the rule text (the day of the back office’s clock)',
  unavailable: 'a term (the mobile-only fallback screen), not a text',
  web: 'a header value (platform), not a text',
  'transparent login': 'a term of the guard rules',
  "don't lose it": 'the meaning of the "Não perca" warning; the app shows the spec’s own warning text',
  ar: 'the partner agent’s wording named by its code ("ar"), not a text',
  no: 'the "no" answer of the understanding step, not a text',
  'Prazo Finalizado': 'a CRM phase name the overdue modal is shown in (input, not a text)',
  'Concluído': 'a CRM status the verify modal reads (input; the timeline’s own word for it is tested)',
};

/**
 * Doc 2 §8 gives some messages by meaning only ("Further messages (meaning only): …"): the text
 * this product shows for each (keys of screens/texts/pt-BR.json).
 */
export const MEANINGS: Record<string, string[]> = {
  'refund not accessible now': ['devolucao.erro.indisponivel'],
  'refund request already in progress': ['devolucao.erro.em-andamento'],
  'quota status does not allow refund': ['devolucao.erro.nao-permitida'],
  'reactivation success or failure': ['reativacao.sucesso', 'reativacao.falha'],
  'billing operation failed': ['especie.erro.operacao'],
  'cash billing unavailable': ['especie.situacao.nao-permitido.titulo'],
  'bid refused because quota cancelled': ['lances.recusado.cota-cancelada'],
  'incorrect code': ['verificacao.erro.invalido'],
  'could not retrieve all information (crivo error)': ['contemplado.crivo.erro'],
  'server error': ['erro.generico'],
};

/** A message starts with a capital or has Portuguese letters; quoted punctuation (`'.' thousands and ','`) is not one. */
const MESSAGE = /^[A-ZÁÉÍÓÚÂÊÔ]|[áéíóúâêôãõç]/;

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'data', 'spec'].includes(e.name) ? [] : files(path, test);
    return test(e.name) ? [path] : [];
  });
}

/** The spec's quotes: 'single' or "double", not an apostrophe inside a word. */
export function specQuotes(): Array<{ doc: string; quote: string }> {
  return readdirSync(SPEC_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((name, i) => {
      const text = readFileSync(join(SPEC_DIR, name), 'utf8').replace(/(\w)'(\w)/g, '$1’$2');
      return [...text.matchAll(/(?<![\w’])'([^'\n]{2,}?)'(?![\w])|"([^"\n]{2,}?)"/g)].map((m) => ({ doc: `doc ${i + 1}`, quote: (m[1] ?? m[2])!.replace(/’/g, "'") }));
    });
}

/** A quote as a pattern: its text exactly, a placeholder N standing for a number or a template slot ({{n}}, ${n}). */
const patternOf = (quote: string) => new RegExp(quote.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/(?<=\s)N(?=\s)/g, '(?:\\d+|\\{\\{\\w+\\}\\}|\\$\\{[^}]+\\})'));

export function coverage() {
  const product = files(join(ROOT, 'screens'), (n) => n.endsWith('.json') && !n.endsWith('.schema.json'))
    .concat(files(join(ROOT, 'server/src'), (n) => n.endsWith('.ts') && !n.endsWith('.test.ts')))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const tests = [...files(join(ROOT, 'tests'), (n) => n.endsWith('.ts')), ...files(join(ROOT, 'server/src'), (n) => n.endsWith('.test.ts'))].map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
  const seen = new Set<string>();
  return specQuotes()
    .filter(({ quote }) => !seen.has(quote) && seen.add(quote))
    .map(({ doc, quote }) => {
      const term = NOT_MESSAGES[quote] ?? (MESSAGE.test(quote.trim()) ? undefined : 'quoted punctuation or an English term of the rule text');
      const pattern = patternOf(quote);
      return { doc, quote, term, served: pattern.test(product), test: tests.find((t) => pattern.test(t.text))?.file };
    });
}

/** The meanings doc 2 §8 lists, each with its texts, and the test that names each text (or undefined). */
export function meaningCoverage() {
  const texts = JSON.parse(readFileSync(join(ROOT, 'screens/texts/pt-BR.json'), 'utf8')) as Record<string, string>;
  const tests = [...files(join(ROOT, 'tests'), (n) => n.endsWith('.ts')), ...files(join(ROOT, 'server/src'), (n) => n.endsWith('.test.ts'))].map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
  const listed = readFileSync(join(SPEC_DIR, '001_c5749c895ce6d8b5.txt'), 'utf8').match(/Further messages \(meaning only\): ([^\n]+)\./)?.[1]?.split(/;\s*/) ?? [];
  return listed.map((meaning) => ({
    meaning,
    texts: (MEANINGS[meaning] ?? []).map((key) => ({ key, text: texts[key], test: texts[key] ? tests.find((t) => t.text.includes(texts[key]!.replace(/\{\{.*$/, '')))?.file : undefined })),
  }));
}

export function coveragePage(): string {
  const rows = coverage();
  const messages = rows.filter((r) => !r.term);
  const served = messages.filter((r) => r.served && r.test);
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '# The spec’s quoted messages, served and tested (generated — `npm run spec:coverage`)',
    '',
    'Every text the two spec documents (docs/spec/) quote. A message is **served** when the product',
    'holds it exactly (screens/texts, screens/, server/src; `N` stands for a number) and **tested**',
    'when a test names it. Quotes that are terms of the rule text, not messages, are listed with why.',
    '',
    `**${messages.length} messages: ${served.length} served and named by a test, ${messages.length - served.length} not.** ${rows.length - messages.length} quoted terms.`,
    '',
    '| spec | quote | served | test that names it |',
    '|---|---|---|---|',
    ...messages.map((r) => `| ${r.doc} | ${cell(r.quote)} | ${r.served ? 'yes' : '**no**'} | ${r.test ?? '**none**'} |`),
    '',
    '## Messages doc 2 §8 gives by meaning only',
    '',
    '| meaning | text shown | test that names it |',
    '|---|---|---|',
    ...meaningCoverage().flatMap((m) => (m.texts.length ? m.texts : [{ key: '', text: undefined, test: undefined }]).map((t) => `| ${m.meaning} | ${t.text ? cell(t.text) : '**none**'} | ${t.test ?? '**none**'} |`)),
    '',
    '## Quoted terms',
    '',
    '| spec | quoted term | why it is not a message |',
    '|---|---|---|',
    ...rows.filter((r) => r.term).map((r) => `| ${r.doc} | ${cell(r.quote)} | ${r.term} |`),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeFileSync(COVERAGE_PAGE, coveragePage());
