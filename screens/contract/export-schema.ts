import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screenJsonSchema } from './json-schema.js';

const target = fileURLToPath(new URL('./screen.schema.json', import.meta.url));
writeFileSync(target, screenJsonSchema());
console.log(`wrote ${target}`);
