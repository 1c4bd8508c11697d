import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flowJsonSchema, screenJsonSchema } from './json-schema.js';
import { breakingChanges } from './native-compat.js';
import { NATIVE_CONTRACT_VERSION, nativeContract, nativeContractJson } from './native-contract.js';
import { nativeContractMarkdown } from './native-contract-doc.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The first publication of each native contract version is kept as its baseline; a breaking change
// against it needs a new version (raise NATIVE_CONTRACT_VERSION).
const baseline = here(`./native-contract.v${NATIVE_CONTRACT_VERSION}.json`);
if (existsSync(baseline)) {
  const breaking = breakingChanges(JSON.parse(readFileSync(baseline, 'utf8')), nativeContract());
  if (breaking.length) {
    console.error(`Breaking changes to native contract v${NATIVE_CONTRACT_VERSION}; raise NATIVE_CONTRACT_VERSION:\n- ${breaking.join('\n- ')}`);
    process.exit(1);
  }
}

for (const [file, content] of [
  ['./screen.schema.json', screenJsonSchema()],
  ['./flow.schema.json', flowJsonSchema()],
  ['./native-contract.json', nativeContractJson()],
  ['../../docs/native-contract.md', nativeContractMarkdown()],
  ...(existsSync(baseline) ? [] : [[baseline, nativeContractJson()] as const]),
] as const) {
  const target = file.startsWith('/') ? file : here(file);
  writeFileSync(target, content);
  console.log(`wrote ${target}`);
}
