/**
 * `npm run advisories:due`: whether the advisory record is current today — no decision past its
 * deadline, the last check within a quarter, every pinned and installed version the one checked.
 * Run on a schedule and before a release; the suite reads the record as on the day of its check.
 */
import { readFileSync } from 'node:fs';
import { ADVISORIES_FILE, AdvisoryRecord, advisoryProblems } from './advisories.js';

const record = AdvisoryRecord.parse(JSON.parse(readFileSync(ADVISORIES_FILE, 'utf8')));
const problems = advisoryProblems(record, readFileSync('package.json', 'utf8'), readFileSync('package-lock.json', 'utf8'));
if (problems.length > 0) {
  console.error(`docs/advisories.json is not current today:\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log(`docs/advisories.json is current today (checked on ${record.checked})`);
}
