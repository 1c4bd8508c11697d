import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flowJsonSchema, screenJsonSchema } from './json-schema.js';

for (const [file, content] of [
  ['./screen.schema.json', screenJsonSchema()],
  ['./flow.schema.json', flowJsonSchema()],
] as const) {
  const target = fileURLToPath(new URL(file, import.meta.url));
  writeFileSync(target, content);
  console.log(`wrote ${target}`);
}
