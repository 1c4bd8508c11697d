/**
 * The security-advisory check of the dependencies, recorded in docs/advisories.json: for every
 * direct dependency (dependencies and devDependencies) the version that was checked, the
 * advisories found for the package and the sources looked at. This module validates that record
 * against package.json and package-lock.json and renders it for docs/dependencies.md; a version
 * change without a new check, or a pinned version inside an advisory's range without a recorded
 * decision, is reported as a problem (and `npm run licences` refuses to write the page).
 */
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
};

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
export function advisoryProblems(record: AdvisoryRecord, manifestText: string, lockText: string): string[] {
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
const remarks = (entry: { note?: string; decision?: string }) =>
  cell([entry.decision && `**Decision:** ${entry.decision}`, entry.note].filter(Boolean).join(' '));

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
    'To check again (after `npm install --save-exact` of a new version, or every month): for the',
    'package, look up its advisories in the GitHub advisory database (github.com/advisories, ecosystem',
    'npm), its repository\'s security advisories and release notes, then update its entry — version,',
    'advisories, sources, note — and the `checked` date, and run `npm run licences`. A test fails while',
    'a pinned version differs from the checked one, while an installed transitive version differs from',
    'its entry, and while a version lies inside an advisory\'s range without a decision. If an advisory',
    'applies to how the product uses the package, upgrade to the fixed release instead of recording a',
    'decision.',
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
