import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { NATIVE_CONTRACT_URL } from '../../../../screens/contract/native-contract.js';
import { SCREENS_DIR } from '../../domain/definitions.js';
import { SCREEN_SCHEMA_URL } from '../../plugins/external/openapi.js';

/**
 * The published contract for native wrappers and renderers: the JSON Schema of screen documents
 * (linked from the OpenAPI description) and the native contract (components with their minimum
 * renderer version and fallback, actions, headers, the bridge's messages) — both committed files.
 */
export default async function contract(app: FastifyInstance) {
  const schema = readFileSync(`${SCREENS_DIR}contract/screen.schema.json`, 'utf8');
  const native = readFileSync(`${SCREENS_DIR}contract/native-contract.json`, 'utf8');
  app.get(SCREEN_SCHEMA_URL, async (_request, reply) => reply.type('application/schema+json; charset=utf-8').header('cache-control', 'public, max-age=300').send(schema));
  app.get(NATIVE_CONTRACT_URL, async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(native));
}
