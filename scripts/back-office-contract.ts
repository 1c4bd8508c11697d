/**
 * Regenerates the back office's consumer contract (screens/back-office/openapi.json) from the
 * declarations in screens/back-office/, keeping the screens each call was last recorded for.
 * To record those again (every persona through every journey route against the sandbox):
 * `npm run contract:back-office:screens`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { BACK_OFFICE_OPENAPI_FILE, backOfficeOpenApi, dependentsOf } from '../server/src/capabilities/contract/back-office-openapi.js';
import { SCREENS_DIR } from '../server/src/domain/definitions.js';

const file = `${SCREENS_DIR}${BACK_OFFICE_OPENAPI_FILE}`;
const dependents = existsSync(file) ? dependentsOf(JSON.parse(readFileSync(file, 'utf8'))) : {};
writeFileSync(file, `${JSON.stringify(backOfficeOpenApi(dependents), null, 2)}\n`);
console.log(`wrote ${file}`);
