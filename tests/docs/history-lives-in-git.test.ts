import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs describe the code as it is: the history of a change (which issue asked for it,
 * which branch or session measured it) is in git. Every tracked source, style and doc file is read.
 */
const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|css|md|json|ya?ml|sh)$/.test(file) || file === '.ci/run')
  .filter((file) => !['package-lock.json'].includes(file) && !file.startsWith('docs/spec/'));

/** An issue number ("issue" followed by a number, with or without "#"): a pointer at a work item instead of a description. */
const ISSUE_REFERENCE = /\bissues?\s*#?\d+/i;
/**
 * A doc section named after a work episode rather than a concept: a branch, a session, or a date
 * (figures carry the date they were measured in their text; a section is about what it measures).
 */
const EPISODE_HEADING = /^#{1,6} .*(?:\b(?:branch [a-z-]+|(?:morning|afternoon|evening|work) session|session of|sprint)\b|\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b|\b\d{4}-\d{2}-\d{2}\b)/i;

function findings(pattern: RegExp, files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [])),
  );
}

describe('the history lives in git, not in comments and docs', () => {
  it('reads the files git tracks', () => {
    expect(tracked).toContain('README.md');
    expect(tracked.some((file) => file.startsWith('server/src/'))).toBe(true);
  });

  it('no comment or doc points at an issue number', () => {
    expect(findings(ISSUE_REFERENCE, tracked)).toEqual([]);
  });

  it('no doc section is named after a branch, a work session or a date', () => {
    const docs = tracked.filter((file) => file.endsWith('.md'));
    expect(findings(EPISODE_HEADING, docs)).toEqual([]);
  });

  it('the patterns catch what they are for', () => {
    // Built from parts, so this file does not match its own scan.
    const issue = (n: string) => ['issue', n].join(' ');
    expect(ISSUE_REFERENCE.test(`// Vehicle billing (${issue('15')}).`)).toBe(true);
    expect(ISSUE_REFERENCE.test(`/** ${issue('#18')}'s tables */`)).toBe(true);
    expect(ISSUE_REFERENCE.test('an upstream issue of the back office')).toBe(false);
    expect(EPISODE_HEADING.test('## Measured (branch perf, 23 Nov 2026)')).toBe(true);
    expect(EPISODE_HEADING.test('## Suite time (25 Nov 2026)')).toBe(true);
    expect(EPISODE_HEADING.test('## Per-request cost')).toBe(false);
    expect(EPISODE_HEADING.test('### V7 Session Management')).toBe(false);
  });
});
