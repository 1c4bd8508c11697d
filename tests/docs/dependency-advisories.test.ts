import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AdvisoryRecord, advisoryProblems, checkedOn, REMEDIATION_DAYS } from '../../scripts/advisories.js';
import { dependenciesPage } from '../../scripts/licences.js';

const read = (file: string) => readFileSync(file, 'utf8');
const manifestText = read('package.json');
const lockText = read('package-lock.json');
const recordText = read('docs/advisories.json');
const record = () => AdvisoryRecord.parse(JSON.parse(recordText));
/**
 * The record is read as on the day of its check: whether a deadline has passed since is a question
 * for the calendar (`npm run advisories:due`, run on a schedule), not for a suite that must pass on
 * any date.
 */
const ON = checkedOn();

/** package.json with one dependency set to a version (or added). */
function pinning(name: string, version: string, field: 'dependencies' | 'devDependencies' = 'dependencies'): string {
  const manifest = JSON.parse(manifestText) as Record<string, Record<string, string>>;
  manifest[field] = { ...manifest[field], [name]: version };
  return JSON.stringify(manifest);
}

describe('the advisory check of the dependencies (docs/advisories.json)', () => {
  it('covers every direct dependency at its exact pinned version, and every listed transitive one as installed', () => {
    expect(advisoryProblems(record(), manifestText, lockText, ON)).toEqual([]);
  });

  it('asks for the check again when a pinned version changes, and the page is not generated', () => {
    const manifest = pinning('fastify', '5.12.9');
    expect(advisoryProblems(record(), manifest, lockText, ON)).toEqual(['fastify is pinned at 5.12.9 but its advisory check covers 5.12.8: check 5.12.9 again']);
    expect(() => dependenciesPage(lockText, manifest, recordText, ON)).toThrow('fastify is pinned at 5.12.9 but its advisory check covers 5.12.8');
  });

  it('asks for a check of a dependency added without one, development ones included', () => {
    expect(advisoryProblems(record(), pinning('left-pad', '1.3.0', 'devDependencies'), lockText, ON)).toEqual([
      'left-pad 1.3.0 has no advisory check in docs/advisories.json',
    ]);
  });

  it('asks for the check again when a listed transitive package is installed at another version', () => {
    const lock = JSON.parse(lockText) as { packages: Record<string, { version: string }> };
    lock.packages['node_modules/@fastify/busboy']!.version = '3.2.5';
    expect(advisoryProblems(record(), manifestText, JSON.stringify(lock), ON)).toEqual([
      '@fastify/busboy is installed at 3.2.5 but its advisory check covers 3.2.6: check again',
    ]);
  });

  it('refuses a pinned version inside an advisory range until a decision is recorded', () => {
    const withoutDecision = record();
    delete withoutDecision.direct['react-router-dom']!.decision;
    expect(advisoryProblems(withoutDecision, manifestText, lockText, ON)).toEqual([
      'react-router-dom 7.18.5 is inside the range of GHSA-qwww-vcr4-c8h2 and no decision is recorded',
    ]);

    const olderFastify = record();
    olderFastify.direct.fastify!.version = '5.12.4';
    expect(advisoryProblems(olderFastify, pinning('fastify', '5.12.4'), lockText, ON)).toEqual([
      'fastify 5.12.4 is inside the range of GHSA-4mh8-r7rc-xpvc and no decision is recorded',
    ]);
  });

  it('gives every open advisory a deadline within its severity’s time frame', () => {
    const withoutDeadline = record();
    delete withoutDeadline.direct['react-router-dom']!.deadline;
    expect(advisoryProblems(withoutDeadline, manifestText, lockText, ON)).toEqual(['react-router-dom: the decision on GHSA-qwww-vcr4-c8h2 has no deadline']);

    const undated = record();
    delete undated.transitive['brace-expansion']!.decided;
    expect(advisoryProblems(undated, manifestText, lockText, ON)).toEqual(['brace-expansion: the decision on GHSA-mh99-v99m-4gvg, CVE-2026-13149 has no date']);

    const tooLate = record();
    tooLate.direct['react-router-dom']!.deadline = '2027-01-30';
    expect(advisoryProblems(tooLate, manifestText, lockText, ON)).toEqual([
      `react-router-dom: the deadline 2027-01-30 is more than ${REMEDIATION_DAYS.high} days after the decision (2026-11-26) on a high advisory`,
    ]);
  });

  it('fails once a decision is past its deadline, or the last check is older than a quarter', () => {
    const { deadline } = record().direct['react-router-dom']!;
    const dayAfter = new Date(Date.parse(`${deadline}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(advisoryProblems(record(), manifestText, lockText, dayAfter)).toContain(`react-router-dom: the decision is past its deadline ${deadline}: upgrade, or check and decide again`);
    expect(advisoryProblems(record(), manifestText, lockText, deadline)).not.toContain(`react-router-dom: the decision is past its deadline ${deadline}: upgrade, or check and decide again`);
    const stale = { ...record(), checked: '2026-08-01' };
    expect(advisoryProblems(stale, manifestText, lockText, '2026-11-29')).toContain('the dependencies were last checked on 2026-08-01, more than a quarter ago: check them again');
  });

  it('refuses an affected range that npm semver cannot read', () => {
    const broken = JSON.parse(recordText) as { direct: Record<string, { advisories: Array<{ affected: string }> }> };
    broken.direct.fastify!.advisories[0]!.affected = 'before 5.3.2';
    const result = AdvisoryRecord.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('not an npm semver range');
  });

  it('shows the date of the check and, per dependency, whether the pinned version is affected and what was decided', () => {
    const page = read('docs/dependencies.md');
    expect(page).toContain(`Checked on ${record().checked}`);
    expect(page).toMatch(/^\| fastify \| 5\.12\.8 \| GHSA-mg2h-6x62-wpwc \(high, fixed in 5\.3\.2\);.* \| no \|/m);
    expect(page).toMatch(/^\| react-router-dom \| 7\.18\.5 \| .* \| \*\*yes\*\*: GHSA-qwww-vcr4-c8h2 \| .* \| \*\*Decision\*\* \(2026-11-26, deadline \*\*2026-12-26\*\*\): Not applicable/m);
    expect(page).toContain(`| critical | ${REMEDIATION_DAYS.critical} days |`);
    expect(page).toContain('every quarter');
  });
});
