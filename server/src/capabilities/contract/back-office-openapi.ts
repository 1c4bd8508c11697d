import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { declaredEndpoints, isReadOnly, pathParameters, type DeclaredEndpoint } from '../../../../back-office/catalogue.js';
import { customerTokenOf, refreshAfterOf, session } from '../../../../back-office/index.js';

/** Where the server publishes its consumer contract of the back office (outside production). */
export const BACK_OFFICE_OPENAPI_URL = '/api/contract/back-office.openapi.json';

/** The committed document, relative to the screens folder. */
/** The back office's consumer contract as a file, beside its declarations (copied beside the compiled ones by build:server). */
export const BACK_OFFICE_OPENAPI_FILE = fileURLToPath(new URL('../../../../back-office/openapi.json', import.meta.url));

/** For each declared call (`slips.secondCopy`), the app routes whose screens made it. */
export type ScreenDependents = Record<string, string[]>;

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12, as the server reads it (input side), without its `$schema`. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
}

/** Calls made with the client's basic auth instead of a customer's token. */
const BASIC_AUTH = new Set<unknown>([session.login, session.refresh]);

/** The login's form (application/x-www-form-urlencoded), as `auth-upstream.ts` sends it. */
const LOGIN_FORM = z.object({
  grant_type: z.literal('password'),
  idParceiro: z.string().describe('Partner id'),
  type: z.enum(['cpf', 'cnpj', 'cota']),
  username: z.string().optional().describe('CPF or CNPJ, digits only (type cpf/cnpj)'),
  codigoGrupo: z.string().optional(),
  codigoCota: z.string().optional(),
  versao: z.string().optional(),
  password: z.string(),
});

/** Whom a kept answer is served to again, as the operation's description says it. */
const KEPT_FOR = { everyone: 'the same answer for everyone, by its parameters', partner: 'the same answer for every customer of one partner', customer: 'one customer’s answer, within their session' } as const;

function operation({ name, endpoint: e }: DeclaredEndpoint, screens: readonly string[]): Json {
  const parameters: Json[] = pathParameters(e).map((p) => ({ name: p, in: 'path', required: true, schema: { type: 'string' } }));
  if (e.query) {
    const query = jsonSchemaOf(e.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [p, schema] of Object.entries(query.properties ?? {})) parameters.push({ name: p, in: 'query', required: query.required?.includes(p) ?? false, schema });
  }
  let requestBody: Json | undefined;
  if (e === session.login) requestBody = { required: true, content: { 'application/x-www-form-urlencoded': { schema: jsonSchemaOf(LOGIN_FORM) } } };
  else if (e.body) requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(e.body) } } };
  else if (e.parts) requestBody = { required: true, content: { 'multipart/form-data': { schema: { ...jsonSchemaOf(e.parts), description: 'Each part holds a JSON value' } } } };
  else if (e.fields) {
    const fields = jsonSchemaOf(e.fields) as { properties?: Json; required?: string[] };
    requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { ...fields.properties, file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [...(fields.required ?? []), 'file'] } } } };
  }
  const token = customerTokenOf(e);
  const kept = e.keep ? { for: e.keep.for, seconds: e.keep.seconds, refreshAfterSeconds: refreshAfterOf(e.keep) } : undefined;
  const invalidates = e.invalidates?.().map((changed) => declaredEndpoints().find((d) => d.endpoint === changed)?.name ?? changed.path);
  const security = BASIC_AUTH.has(e) ? [{ clientBasic: [] }] : token === 'none' ? [] : token === 'optional' ? [{}, { accessToken: [] }] : [{ accessToken: [] }];
  return {
    operationId: name,
    tags: [e.group],
    summary: isReadOnly(e) || e.method !== 'GET' ? name : `${name} (a GET that changes data: the drift check never calls it)`,
    parameters: [{ $ref: '#/components/parameters/client_id' }, { $ref: '#/components/parameters/platform' }, { $ref: '#/components/parameters/app_version' }, ...parameters],
    ...(kept ? { description: `Kept by the server (${KEPT_FOR[kept.for]}) for ${kept.seconds} s at most; refreshed in the background from ${kept.refreshAfterSeconds} s on (docs/back-office-cache.md).` } : {}),
    ...(requestBody ? { requestBody } : {}),
    security,
    responses: {
      '200': { description: 'The answer the server accepts (anything else is a contract violation: logged, and the screen shows its error message)', content: { 'application/json': { schema: jsonSchemaOf(e.answer) } } },
      default: { description: 'An error: the screen maps it to the spec’s message' },
    },
    'x-read-only': isReadOnly(e),
    ...(kept ? { 'x-kept': kept } : {}),
    ...(invalidates ? { 'x-invalidates': invalidates } : {}),
    'x-declarations': [name],
    'x-screens': [...screens].sort(),
  };
}

/**
 * The consumer contract of the back office as OpenAPI 3.1: every call the server makes
 * (`back-office/`), with its parameters, body and the answer it accepts, and the app
 * routes whose screens depend on it (recorded by `npm run contract:back-office -- --screens`).
 */
export function backOfficeOpenApi(dependents: ScreenDependents): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const declared of declaredEndpoints()) {
    const path = `/${declared.endpoint.path}`;
    const method = declared.endpoint.method.toLowerCase();
    paths[path] ??= {};
    // Two declarations of one call (the refund and the registration read the same data) become one
    // operation naming both.
    const existing = paths[path][method];
    if (existing) {
      existing['x-declarations'] = [...(existing['x-declarations'] as string[]), declared.name];
      existing['x-screens'] = [...new Set([...(existing['x-screens'] as string[]), ...(dependents[declared.name] ?? [])])].sort();
      continue;
    }
    paths[path][method] = operation(declared, dependents[declared.name] ?? []);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back office /app-cliente/v1 — o que o autoatendimento consome',
      version: '1',
      description:
        'Generated from back-office/ (npm run contract:back-office). Every call the server makes, the answer it accepts (JSON Schema of the zod schema the server validates with), whether it only reads (x-read-only) and which app routes depend on it (x-screens). The drift check (npm run upstream:check) validates a live back office against these answers.',
    },
    servers: [{ url: '{origin}/app-cliente/v1', variables: { origin: { default: 'https://backoffice.example' } } }],
    components: {
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: 'access_token', description: 'The customer’s token (login) or, for a chosen quota, the quota’s (login/selecionar-cota)' },
        clientBasic: { type: 'http', scheme: 'basic', description: 'client_id:client_secret of the app' },
      },
      parameters: {
        client_id: { name: 'client_id', in: 'header', required: true, schema: { type: 'string' } },
        platform: { name: 'platform', in: 'header', required: true, schema: { enum: ['web', 'android', 'ios'] } },
        app_version: { name: 'app_version', in: 'header', required: true, schema: { type: 'string' } },
      },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The recorded dependents a committed document holds (to regenerate it without recording again). */
export function dependentsOf(document: Json): ScreenDependents {
  const out: ScreenDependents = {};
  for (const methods of Object.values((document.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(methods)) {
      const screens = (op['x-screens'] as string[] | undefined) ?? [];
      for (const name of (op['x-declarations'] as string[] | undefined) ?? []) out[name] = screens;
    }
  }
  return out;
}
