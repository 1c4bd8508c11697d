import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverage, coveragePage, COVERAGE_PAGE, meaningCoverage } from '../../scripts/spec-coverage.js';

describe('docs/spec-coverage.md: the spec’s quoted messages', () => {
  it('is the page the spec and the code give today (run npm run spec:coverage)', () => {
    expect(readFileSync(COVERAGE_PAGE, 'utf8')).toBe(coveragePage());
  });

  it('finds every quote of both documents, and each message is served exactly and named by a test', () => {
    const rows = coverage();
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r) => !r.term && !(r.served && r.test)).map((r) => r.quote)).toEqual([]);
  });

  it('gives every message doc 2 §8 lists by meaning a text, named by a test', () => {
    const meanings = meaningCoverage();
    expect(meanings.length).toBe(10);
    expect(meanings.filter((m) => m.texts.length === 0 || m.texts.some((t) => !t.text || !t.test)).map((m) => m.meaning)).toEqual([]);
  });
});
