import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASVS_PAGE, readAsvs, renderAsvsSection, splitPage } from '../../scripts/asvs-table.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Level 1 + Level 2 requirements per chapter of OWASP ASVS 5.0.0, counted in the standard's own
 * export (5.0/docs_en/OWASP_Application_Security_Verification_Standard_5.0.0_en.csv at the tag
 * v5.0.0_release): 253 in all. The data's per-section counts must add up to these.
 */
const STANDARD_L1_L2: Record<string, number> = {
  V1: 27, V2: 11, V3: 19, V4: 10, V5: 9, V6: 35, V7: 18, V8: 7, V9: 7,
  V10: 29, V11: 14, V12: 9, V13: 13, V14: 9, V15: 13, V16: 16, V17: 7,
};

const data = readAsvs();
const pending = new Set(data.pendingTestFiles);
/** A call of it/test (it.each too) somewhere in the file. */
const A_TEST = /\b(?:it|test)(?:\.each\([\s\S]*?\))?\(\s*['"`]/;

describe('docs/asvs-l2.md: the OWASP ASVS 5.0 Level 2 table', () => {
  it('is the table the data gives (run npm run asvs:table)', () => {
    const { section } = splitPage(readFileSync(ASVS_PAGE, 'utf8'));
    expect(section).toBe(renderAsvsSection(data));
  });

  it('names every chapter of the standard, and says why for a chapter that does not apply', () => {
    expect(data.chapters.map((c) => c.id)).toEqual(Object.keys(STANDARD_L1_L2));
    for (const c of data.chapters) {
      expect(Object.values(c.sections).reduce((a, b) => a + b, 0), c.id).toBe(STANDARD_L1_L2[c.id]);
      for (const section of Object.keys(c.sections)) expect(section.startsWith(`${c.id}.`), section).toBe(true);
      if (!c.applies) expect(c.reason?.length ?? 0, `${c.id} needs its reason`).toBeGreaterThan(20);
    }
  });

  it('has a row for every Level 1 and Level 2 requirement of the chapters that apply, once, and none for the others', () => {
    const ids = data.requirements.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const c of data.chapters) {
      const own = data.requirements.filter((r) => r.chapter === c.id);
      for (const r of own) expect(r.id.startsWith(`${c.id}.`), r.id).toBe(true);
      if (!c.applies) {
        expect(own.map((r) => r.id), `${c.id} does not apply`).toEqual([]);
        continue;
      }
      for (const [section, n] of Object.entries(c.sections)) {
        expect(own.filter((r) => r.id.startsWith(`${section}.`)).length, `rows of ${section}`).toBe(n);
      }
      expect(own.filter((r) => !Object.keys(c.sections).some((s) => r.id.startsWith(`${s}.`))).map((r) => r.id)).toEqual([]);
    }
    expect(data.requirements.filter((r) => !data.chapters.some((c) => c.id === r.chapter)).map((r) => r.id)).toEqual([]);
  });

  it('gives each verdict what it owes: a test for "met", a reason for "not applicable", a plan for "not met"', () => {
    const missing: string[] = [];
    for (const r of data.requirements) {
      if (r.verdict === 'met' && (r.tests.length === 0 || !r.reason)) missing.push(`${r.id}: met without a test or without saying how`);
      if (r.verdict === 'not applicable' && (r.reason ?? '').length < 20) missing.push(`${r.id}: not applicable without a reason`);
      if (r.verdict === 'not met' && (r.plan ?? '').length < 20) missing.push(`${r.id}: not met without a plan`);
      if (r.verdict !== 'not met' && r.plan) missing.push(`${r.id}: a plan on a row that is not "not met"`);
    }
    expect(missing).toEqual([]);
  });

  it('cites only test files that exist and hold a test, and the test names it gives are in them', () => {
    const problems: string[] = [];
    for (const r of data.requirements) {
      for (const t of r.tests) {
        if (pending.has(t.file)) continue;
        const path = join(ROOT, t.file);
        if (!existsSync(path)) {
          problems.push(`${r.id}: ${t.file} does not exist`);
          continue;
        }
        const text = readFileSync(path, 'utf8');
        if (!A_TEST.test(text)) problems.push(`${r.id}: ${t.file} holds no test`);
        for (const name of t.names ?? []) if (!text.includes(name)) problems.push(`${r.id}: no test “${name}” in ${t.file}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('tolerates a missing test file only while it is pending, and a pending file neither exists nor goes uncited', () => {
    const cited = new Set(data.requirements.flatMap((r) => r.tests.map((t) => t.file)));
    // A pending file that now exists has landed: take it off the list (and name its tests if wanted).
    expect(data.pendingTestFiles.filter((file) => existsSync(join(ROOT, file)))).toEqual([]);
    expect(data.pendingTestFiles.filter((file) => !cited.has(file))).toEqual([]);
    // A pending file's test names cannot be checked yet: rows cite it by file only.
    expect(data.requirements.flatMap((r) => r.tests.filter((t) => pending.has(t.file) && t.names?.length).map((t) => `${r.id}: ${t.file}`))).toEqual([]);
  });
});
