/**
 * The security-advisory check of the dependencies, recorded in docs/advisories.json: for every
 * direct dependency (dependencies and devDependencies) the version that was checked, the
 * advisories found for the package and the sources looked at. This module validates that record
 * against package.json and package-lock.json and renders it for docs/dependencies.md; a version
 * change without a new check, or a pinned version inside an advisory's range without a recorded
 * decision, is reported as a problem (and `npm run licences` refuses to write the page). So is
 * an open advisory (a version kept inside its range) without a deadline within its severity's time
 * frame, a decision past its deadline, and a check older than a quarter.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { z } from 'zod';

const range = z.string().refine((r) => semver.validRange(r) !== null, { message: 'not an npm semver range' });

const Advisory = z.strictObject({
  id: z.string().regex(/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|CVE-\d{4}-\d+|SNYK-[A-Z0-9-]+)$/),
  summary: z.string().min(1),
  /** npm semver range of the affected versions, as published (or as far as the sources tell). */
  affected: range,
  /** The release that fixes it on the newest line that has a fix. */
  fixed: z.string().refine((v) => semver.valid(v) !== null, { message: 'not a version' }).optional(),
  severity: z.enum(['low', 'moderate', 'high', 'critical', 'unknown']),
});

const sourceKeys = z.enum(['ghsa', 'osv', 'upstream', 'reports', 'registry']);

const Entry = {
  sources: z.array(sourceKeys).min(1),
  advisories: z.array(Advisory),
  note: z.string().min(1).optional(),
  /** Required when the checked version lies inside an advisory's range: what was done and why. */
  decision: z.string().min(1).optional(),
  /** With a decision: the day it was taken, and the day by which the package is upgraded or the decision taken again. */
  decided: z.iso.date().optional(),
  deadline: z.iso.date().optional(),
};

/**
 * Days from a decision to its deadline, by the severity of the worst advisory it keeps open: an
 * advisory of unknown severity counts as high; a low one waits for the package's next update, at
 * the latest the quarterly review of the direct dependencies.
 */
export const REMEDIATION_DAYS = { critical: 7, high: 30, unknown: 30, moderate: 90, low: 90 } as const;
/** The direct dependencies are checked again at least every quarter. */
export const REVIEW_EVERY_DAYS = 92;
const SEVERITY_ORDER = ['critical', 'high', 'unknown', 'moderate', 'low'] as const;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const today = () => new Date().toISOString().slice(0, 10);

export const ADVISORIES_FILE = 'docs/advisories.json';

/** The day of the last check, from docs/advisories.json. */
export function checkedOn(): string {
  return AdvisoryRecord.parse(JSON.parse(readFileSync(ADVISORIES_FILE, 'utf8'))).checked;
}

export const AdvisoryRecord = z.strictObject({
  checked: z.iso.date(),
  sources: z.record(sourceKeys, z.string().min(1)),
  direct: z.record(z.string(), z.strictObject({ version: z.string(), ...Entry })),
  transitive: z.record(z.string(), z.strictObject({ versions: z.array(z.string()).min(1), ...Entry })),
});
export type AdvisoryRecord = z.infer<typeof AdvisoryRecord>;
type Advisories = AdvisoryRecord['direct'][string]['advisories'];

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
interface Lock {
  packages: Record<string, { version?: string }>;
}

/** The advisories whose affected range contains `version`. */
export function advisoriesAffecting(advisories: Advisories, version: string): Advisories {
  return advisories.filter((a) => semver.satisfies(version, a.affected));
}

function installedVersions(lock: Lock, name: string): string[] {
  const suffix = `node_modules/${name}`;
  const versions = Object.entries(lock.packages)
    .filter(([path]) => path === suffix || path.endsWith(`/${suffix}`))
    .map(([, entry]) => entry.version ?? '?');
  return [...new Set(versions)].sort();
}

/** Everything that makes the recorded check stale or incomplete, one sentence each. */
export function advisoryProblems(record: AdvisoryRecord, manifestText: string, lockText: string, on: string = today()): string[] {
  const manifest = JSON.parse(manifestText) as Manifest;
  const lock = JSON.parse(lockText) as Lock;
  const pinned = { ...manifest.dependencies, ...manifest.devDependencies };
  const problems: string[] = [];
  for (const [name, version] of Object.entries(pinned)) {
    const entry = record.direct[name];
    if (!entry) problems.push(`${name} ${version} has no advisory check in docs/advisories.json`);
    else if (entry.version !== version) problems.push(`${name} is pinned at ${version} but its advisory check covers ${entry.version}: check ${version} again`);
  }
  for (const name of Object.keys(record.direct)) {
    if (!(name in pinned)) problems.push(`${name} has an advisory check but is not a direct dependency any more`);
  }
  for (const [name, entry] of Object.entries(record.transitive)) {
    const installed = installedVersions(lock, name);
    if (installed.join(', ') !== [...entry.versions].sort().join(', ')) {
      problems.push(`${name} is installed at ${installed.join(', ') || 'no version'} but its advisory check covers ${entry.versions.join(', ')}: check again`);
    }
  }
  const entries = [
    ...Object.entries(record.direct).map(([name, e]) => ({ name, versions: [e.version], ...e })),
    ...Object.entries(record.transitive).map(([name, e]) => ({ name, ...e })),
  ];
  for (const entry of entries) {
    for (const version of entry.versions) {
      const hits = advisoriesAffecting(entry.advisories, version);
      if (hits.length > 0 && !entry.decision) {
        problems.push(`${entry.name} ${version} is inside the range of ${hits.map((a) => a.id).join(', ')} and no decision is recorded`);
      }
    }
    const open = entry.versions.flatMap((version) => advisoriesAffecting(entry.advisories, version));
    if (open.length === 0 || !entry.decision) continue;
    if (!entry.decided || !entry.deadline) {
      problems.push(`${entry.name}: the decision on ${[...new Set(open.map((a) => a.id))].join(', ')} has no ${entry.decided ? 'deadline' : 'date'}`);
      continue;
    }
    const worst = SEVERITY_ORDER.find((severity) => open.some((a) => a.severity === severity))!;
    if (daysBetween(entry.decided, entry.deadline) > REMEDIATION_DAYS[worst]) {
      problems.push(`${entry.name}: the deadline ${entry.deadline} is more than ${REMEDIATION_DAYS[worst]} days after the decision (${entry.decided}) on a ${worst} advisory`);
    }
    if (on > entry.deadline) problems.push(`${entry.name}: the decision is past its deadline ${entry.deadline}: upgrade, or check and decide again`);
  }
  if (daysBetween(record.checked, on) > REVIEW_EVERY_DAYS) {
    problems.push(`the dependencies were last checked on ${record.checked}, more than a quarter ago: check them again`);
  }
  return problems;
}

const cell = (text: string) => text.replaceAll('|', '\\|');
const listed = (advisories: Advisories) =>
  advisories.length === 0 ? 'none found' : advisories.map((a) => `${a.id} (${a.severity}${a.fixed ? `, fixed in ${a.fixed}` : ''})`).join('; ');
const verdict = (advisories: Advisories, versions: string[]) => {
  const hits = versions.flatMap((v) => advisoriesAffecting(advisories, v).map((a) => a.id));
  return hits.length === 0 ? 'no' : `**yes**: ${[...new Set(hits)].join(', ')}`;
};
const remarks = (entry: { note?: string; decision?: string; decided?: string; deadline?: string }) =>
  cell([entry.decision && `**Decision** (${entry.decided}, deadline **${entry.deadline}**): ${entry.decision}`, entry.note].filter(Boolean).join(' '));

/** The advisory section of docs/dependencies.md. */
export function advisorySection(record: AdvisoryRecord): string[] {
  const direct = Object.entries(record.direct).sort(([a], [b]) => a.localeCompare(b));
  const withAdvisories = direct.filter(([, e]) => e.advisories.length > 0).length;
  const affected = direct.filter(([, e]) => advisoriesAffecting(e.advisories, e.version).length > 0).map(([name]) => name);
  return [
    '## Security advisories',
    '',
    `Checked on ${record.checked}: each direct dependency (dependencies and devDependencies) at its pinned`,
    'version, and the transitive packages that earlier advisories named, against the published',
    'advisories. The record is `docs/advisories.json` (per package: the version checked, the advisories',
    'found with their affected range, fixed release and severity, the sources looked at, and — when the',
    'version lies inside a range — the decision taken); this section is generated from it.',
    '',
    `${direct.length} direct dependencies checked; ${withAdvisories} have advisories on record, all fixed before the`,
    `pinned version except ${affected.length === 0 ? 'none' : `${affected.join(', ')} (decision in its row)`}.`,
    '',
    'Sources:',
    '',
    ...Object.entries(record.sources).map(([key, text]) => `- **${key}** — ${text}.`),
    '',
    '### Time frames',
    '',
    'An advisory that applies to a version the product installs is remediated — the package upgraded to',
    'the fixed release, or the advisory shown not to apply and recorded as a decision — within a time set',
    'by its severity, counted from the day it is found:',
    '',
    '| Severity | Remediated within |',
    '|---|---|',
    `| critical | ${REMEDIATION_DAYS.critical} days |`,
    `| high (and unknown) | ${REMEDIATION_DAYS.high} days |`,
    `| moderate | ${REMEDIATION_DAYS.moderate} days |`,
    '| low | at the next update of the package, at the latest the quarterly review |',
    '',
    `The direct dependencies are checked and updated at least every quarter (${REVIEW_EVERY_DAYS} days from the last`,
    'check), and after any `npm install --save-exact` of a new version. A decision to keep an affected',
    'version carries the day it was taken (`decided`) and a `deadline` within its worst advisory\'s time',
    'frame, by which the package is upgraded or the decision examined and taken again.',
    '`tests/docs/dependency-advisories.test.ts` fails when an open advisory has no deadline or one later',
    'than its time frame allows (read as on the day of the check, so the suite passes on any date);',
    '`npm run advisories:due`, run on a schedule and before a release, fails when a deadline has passed',
    'or the last check is older than a quarter, and `npm run licences` refuses to write this page then.',
    '',
    '### Checking again',
    '',
    'To check again (after `npm install --save-exact` of a new version, or every quarter): for the',
    'package, look up its advisories in the GitHub advisory database (github.com/advisories, ecosystem',
    'npm), its repository\'s security advisories and release notes, then update its entry — version,',
    'advisories, sources, note — and the `checked` date, and run `npm run licences`. A test fails while',
    'a pinned version differs from the checked one, while an installed transitive version differs from',
    'its entry, and while a version lies inside an advisory\'s range without a decision. If an advisory',
    'applies to how the product uses the package, upgrade to the fixed release instead of recording a',
    'decision.',
    '',
    '### Direct dependencies',
    '',
    '| Package | Pinned | Advisories found (severity, fixed in) | Pinned affected | Sources | Notes |',
    '|---|---|---|---|---|---|',
    ...direct.map(([name, e]) => `| ${name} | ${e.version} | ${listed(e.advisories)} | ${verdict(e.advisories, [e.version])} | ${e.sources.join(', ')} | ${remarks(e)} |`),
    '',
    '### Transitive packages with advisories',
    '',
    '| Package | Installed | Advisories found (severity, fixed in) | Installed affected | Sources | Notes |',
    '|---|---|---|---|---|---|',
    ...Object.entries(record.transitive)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, e]) => `| ${name} | ${e.versions.join(', ')} | ${listed(e.advisories)} | ${verdict(e.advisories, e.versions)} | ${e.sources.join(', ')} | ${remarks(e)} |`),
    '',
  ];
}
