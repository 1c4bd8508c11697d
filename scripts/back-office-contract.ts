/**
 * Regenerates the back office's consumer contract (back-office/openapi.json) from the
 * declarations in back-office/, keeping the screens each call was last recorded for.
 * To record those again (every persona through every journey route against the sandbox):
 * `npm run contract:back-office:screens`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { BACK_OFFICE_OPENAPI_FILE, backOfficeOpenApi, dependentsOf } from '../server/src/capabilities/contract/back-office-openapi.js';

const file = BACK_OFFICE_OPENAPI_FILE;
const dependents = existsSync(file) ? dependentsOf(JSON.parse(readFileSync(file, 'utf8'))) : {};
writeFileSync(file, `${JSON.stringify(backOfficeOpenApi(dependents), null, 2)}\n`);
console.log(`wrote ${file}`);
