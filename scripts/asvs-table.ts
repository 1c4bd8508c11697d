/**
 * The OWASP ASVS 5.0 Level 2 table, a page of its own (docs/asvs-l2.md), from its data
 * (docs/asvs-l2.json): one row per Level 1 and Level 2 requirement of every chapter that applies,
 * with its verdict (met, not applicable, not met), why or the plan, and the tests that show it.
 * `npm run asvs:table` rewrites the section between the markers; tests/docs/asvs-table.test.ts
 * keeps it current and checks the data (every requirement present, every "met" backed by a test
 * file that exists).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ASVS_DATA = join(ROOT, 'docs/asvs-l2.json');
export const ASVS_PAGE = join(ROOT, 'docs/asvs-l2.md');
export const START_MARKER = '<!-- asvs-table:start (generated from docs/asvs-l2.json by `npm run asvs:table`; edit the JSON, not this table) -->';
export const END_MARKER = '<!-- asvs-table:end -->';

const Verdict = z.enum(['met', 'not applicable', 'not met']);
export type Verdict = z.infer<typeof Verdict>;

/** A test that shows a requirement: its file (from the repository root) and, optionally, test names found in it. */
const TestRef = z.object({ file: z.string().regex(/^[\w./-]+\.test\.tsx?$/), names: z.array(z.string().min(1)).optional() }).strict();

const Requirement = z
  .object({
    id: z.string().regex(/^V\d+\.\d+\.\d+$/),
    chapter: z.string().regex(/^V\d+$/),
    level: z.union([z.literal(1), z.literal(2)]),
    /** The requirement in a few words (the standard's own text is at `standard.source`). */
    text: z.string().min(10),
    verdict: Verdict,
    /** How it is met, or why it does not apply (what is missing, for "not met"). */
    reason: z.string().optional(),
    /** What will meet it ("not met" only). */
    plan: z.string().optional(),
    /** Who alone can meet it, outside the product ("not met" only): the back office's team or the platform's. */
    owner: z.enum(['back office', 'platform']).optional(),
    /** The anchor of its item in docs/go-live.md (with `owner`). */
    goLive: z.string().regex(/^[a-z0-9-]+$/).optional(),
    tests: z.array(TestRef).default([]),
  })
  .strict();
export type Requirement = z.infer<typeof Requirement>;

const Chapter = z
  .object({
    id: z.string().regex(/^V\d+$/),
    name: z.string().min(3),
    applies: z.boolean(),
    /** Why a whole chapter does not apply (its requirements then have no rows). */
    reason: z.string().optional(),
    /** Level 1 and Level 2 requirements of each section, as the standard counts them. */
    sections: z.record(z.string().regex(/^V\d+\.\d+$/), z.number().int().min(0)),
  })
  .strict();
export type Chapter = z.infer<typeof Chapter>;

export const AsvsData = z
  .object({
    $comment: z.string().optional(),
    standard: z.object({ name: z.string(), version: z.literal('5.0.0'), source: z.url(), sourceSha256: z.string().regex(/^[0-9a-f]{64}$/), assessed: z.iso.date() }).strict(),
    /**
     * Test files that branches being merged at the same time add: cited by rows, tolerated as
     * missing only while listed here; a listed file that exists fails the docs test, so the list
     * is emptied when they land.
     */
    pendingTestFiles: z.array(z.string()),
    chapters: z.array(Chapter),
    requirements: z.array(Requirement),
  })
  .strict();
export type AsvsData = z.infer<typeof AsvsData>;

export function readAsvs(path = ASVS_DATA): AsvsData {
  return AsvsData.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** `V6.10.2` → [6, 10, 2], for ordering by the standard's numbering. */
export function idParts(id: string): number[] {
  return id.slice(1).split('.').map(Number);
}

export function byId(a: { id: string }, b: { id: string }): number {
  const [x, y] = [idParts(a.id), idParts(b.id)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function testsCell(r: Requirement): string {
  if (r.tests.length === 0) return '—';
  return r.tests.map((t) => `\`${t.file}\`${t.names?.length ? ` (${t.names.map((n) => `“${cell(n)}”`).join('; ')})` : ''}`).join('<br>');
}

function whyCell(r: Requirement): string {
  if (r.verdict === 'not met') return cell(`${r.reason ? `${r.reason} ` : ''}**Plan:** ${r.plan ?? ''}${r.owner ? ` **Owner:** the ${r.owner}'s team ([go-live](go-live.md#${r.goLive ?? ''})).` : ''}`);
  return cell(r.reason ?? '');
}

const VERDICT_SHOWN: Record<Verdict, string> = { met: 'met', 'not applicable': 'n/a', 'not met': '**not met**' };

function count(rows: readonly Requirement[], verdict: Verdict): number {
  return rows.filter((r) => r.verdict === verdict).length;
}

/** The section of docs/asvs-l2.md between the markers (markers included). */
export function renderAsvsSection(data: AsvsData): string {
  const rows = [...data.requirements].sort(byId);
  const applied = data.chapters.filter((c) => c.applies);
  const total = (c: Chapter) => Object.values(c.sections).reduce((a, b) => a + b, 0);
  const lines = [
    START_MARKER,
    '## OWASP ASVS 5.0 Level 2',
    '',
    `Every Level 1 and Level 2 requirement of the [OWASP ASVS ${data.standard.version}](${data.standard.source}) chapters that`,
    `apply to this product, by its identifier, assessed against the code on ${data.standard.assessed}. **met**: the`,
    'behaviour is in the product and the tests named beside it fail without it; **n/a**: the',
    'product has nothing the requirement is about (why); **not met**: what is missing and the plan.',
    'The short wording is ours; the standard’s text is at the link. The data is `docs/asvs-l2.json`;',
    '`npm run asvs:table` writes this section and `tests/docs/asvs-table.test.ts` checks both.',
    '',
    `**${rows.length} requirements: ${count(rows, 'met')} met, ${count(rows, 'not applicable')} not applicable, ${count(rows, 'not met')} not met.**`,
    '',
    '| chapter | L1 + L2 requirements | met | n/a | not met |',
    '|---|---|---|---|---|',
    ...data.chapters.map((c) => {
      if (!c.applies) return `| ${c.id} ${c.name} | ${total(c)} | chapter not applicable: ${cell(c.reason ?? '')} | | |`;
      const own = rows.filter((r) => r.chapter === c.id);
      return `| [${c.id} ${c.name}](#${anchor(c)}) | ${total(c)} | ${count(own, 'met')} | ${count(own, 'not applicable')} | ${count(own, 'not met')} |`;
    }),
  ];
  for (const c of applied) {
    lines.push('', `### ${c.id} ${c.name}`, '', '| id | L | requirement | verdict | how, why or plan | tests |', '|---|---|---|---|---|---|');
    for (const r of rows.filter((row) => row.chapter === c.id)) {
      lines.push(`| ${r.id} | ${r.level} | ${cell(r.text)} | ${VERDICT_SHOWN[r.verdict]} | ${whyCell(r)} | ${testsCell(r)} |`);
    }
  }
  lines.push(END_MARKER);
  return lines.join('\n');
}

/** GitHub's heading anchor of a chapter's table (`### V6 Authentication` → `v6-authentication`). */
function anchor(c: Chapter): string {
  return `${c.id} ${c.name}`.toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-');
}

/** The page as it stands, split around the generated section (a page without markers gets it at the end). */
export function splitPage(page: string): { before: string; section: string | null; after: string } {
  const start = page.indexOf(START_MARKER);
  const end = page.indexOf(END_MARKER);
  if (start < 0 || end < start) return { before: page.endsWith('\n') ? page : `${page}\n`, section: null, after: '\n' };
  return { before: page.slice(0, start), section: page.slice(start, end + END_MARKER.length), after: page.slice(end + END_MARKER.length) };
}

/** The page with its section written from the data. */
export function pageWithTable(page: string, data: AsvsData): string {
  const { before, section, after } = splitPage(page);
  return `${before}${section === null ? '\n' : ''}${renderAsvsSection(data)}${after}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ASVS_PAGE, pageWithTable(readFileSync(ASVS_PAGE, 'utf8'), readAsvs()));
}
