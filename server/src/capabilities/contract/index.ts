import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { NATIVE_CONTRACT_URL } from '../../../../screens/contract/native-contract.js';
import { SCREENS_DIR } from '../../composition/definitions.js';
import { SCREEN_SCHEMA_URL } from '../../plugins/external/openapi.js';
import { BACK_OFFICE_OPENAPI_FILE, BACK_OFFICE_OPENAPI_URL } from './back-office-openapi.js';

/**
 * The published contract for native wrappers and renderers: the JSON Schema of screen documents
 * (linked from the OpenAPI description) and the native contract (components with their minimum
 * renderer version and fallback, actions, headers, the bridge's messages) — both committed files.
 * Outside production also the consumer contract of the back office (OpenAPI 3.1 of every call the
 * server makes): the back office's team checks its API against it before go-live (docs/go-live.md).
 */
export default async function contract(app: FastifyInstance) {
  const schema = readFileSync(`${SCREENS_DIR}contract/screen.schema.json`, 'utf8');
  const native = readFileSync(`${SCREENS_DIR}contract/native-contract.json`, 'utf8');
  app.get(SCREEN_SCHEMA_URL, async (_request, reply) => reply.type('application/schema+json; charset=utf-8').header('cache-control', 'public, max-age=300').send(schema));
  app.get(NATIVE_CONTRACT_URL, async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(native));
  if (app.config.APP_ENV === 'production') return;
  const backOffice = readFileSync(BACK_OFFICE_OPENAPI_FILE, 'utf8');
  app.get(BACK_OFFICE_OPENAPI_URL, async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(backOffice));
}
