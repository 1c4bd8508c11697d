import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ActionResult, CSRF_HEADER, CSRF_HEADER_VALUE, RENDERER_CAPABILITIES_HEADER, RENDERER_VERSION_HEADER } from '../../../../screens/contract/index.js';
import type { ActionDefinition } from '../../composition/actions.js';

/** Where the screen document's JSON Schema is served (capabilities/contract). */
export const SCREEN_SCHEMA_URL = '/api/contract/screen.schema.json';

/** What each route of our own (not an action) is for, by its OpenAPI path. */
const ROUTES: Record<string, { summary: string; tags: string[]; security?: [] }> = {
  // The guard decides per route: a protected screen without a session answers a redirect to the login.
  '/api/screens': { summary: 'The screen document for a route of the app (or a redirect)', tags: ['screens'], security: [] },
  '/health/live': { summary: 'Liveness: the process answers', tags: ['health'], security: [] },
  '/health/ready': { summary: 'Readiness: the database and Redis reachable', tags: ['health'], security: [] },
  '/login-transparente/{token}': { summary: 'Transparent login of a partner agent on behalf of a customer', tags: ['auth'], security: [] },
  [SCREEN_SCHEMA_URL]: { summary: 'JSON Schema of screen documents (for native renderers)', tags: ['contract'], security: [] },
  '/api/contract/native.json': { summary: 'Native contract: components (minimum renderer version, fallback), actions, headers, bridge messages', tags: ['contract'], security: [] },
  '/api/contract/back-office.openapi.json': { summary: 'The consumer contract of the back office (OpenAPI)', tags: ['contract'], security: [] },
};

type Operation = Record<string, unknown>;
type OpenApi = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> } & Record<string, unknown>;

/** A zod input as JSON Schema; an input JSON Schema cannot express (a transform's output) is described as any object. */
function inputSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
}

/** The console's refusals, on every console operation (the role guard answers them before anything else). */
const CONSOLE_REFUSALS = {
  401: { description: 'No console session (a customer session is none): the navigation to the staff login, nothing else' },
  403: { description: 'A console session whose role is not admitted: the refusal message, nothing else' },
};

/** A console operation: the staff session, the roles it admits (`x-console-roles`) and its refusals. */
function consoleOperation(op: Operation, roles: readonly string[]): Operation {
  return { ...op, security: [{ staffSession: [] }], 'x-console-roles': [...roles], responses: { ...(op.responses as object | undefined), ...CONSOLE_REFUSALS } };
}

/**
 * The generic action route becomes one operation per registered action, its request body from the
 * zod schema that validates it; every other route gets its summary; screens link the screen schema.
 * Console routes (`consoleRoutes`: path → method → roles) and console actions name their roles.
 */
export function describe(
  doc: OpenApi,
  actions: ReadonlyMap<string, ActionDefinition<z.ZodType>>,
  consoleRoutes: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map(),
): OpenApi {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    if (path === '/api/actions/{area}/{name}' || path.startsWith('/api/actions/') || path.startsWith('/api/bench') || path.startsWith('/bench')) continue;
    const known = ROUTES[path];
    paths[path] = Object.fromEntries(
      Object.entries(methods).map(([method, op]) => {
        const described = { ...op, ...(known ?? { tags: [path.startsWith('/api/arquivos') ? 'files' : path.startsWith('/api/ops/') ? 'console' : 'other'] }) };
        const roles = consoleRoutes.get(path)?.get(method);
        return [method, roles ? consoleOperation(described, roles) : described];
      }),
    );
  }
  const screens = paths['/api/screens']?.get;
  if (screens) {
    screens.parameters = [
      { name: 'path', in: 'query', required: true, schema: { type: 'string' }, description: 'Route of the app, e.g. /home or /boletos?filtro=vencidos' },
      { name: RENDERER_VERSION_HEADER, in: 'header', schema: { type: 'string' }, description: 'Renderer version (semver)' },
      { name: RENDERER_CAPABILITIES_HEADER, in: 'header', schema: { type: 'string' }, description: 'Component types the renderer draws, comma-separated; others arrive as their fallback' },
    ];
    screens.responses = { 200: { description: 'A screen document or a redirect', content: { 'application/json': { schema: { $ref: SCREEN_SCHEMA_URL } } } } };
  }
  const result = z.toJSONSchema(ActionResult, { io: 'output', unrepresentable: 'any' });
  for (const [name, action] of [...actions].sort(([a], [b]) => a.localeCompare(b))) {
    const post: Operation = {
      tags: [`actions: ${name.split('/')[0]}`],
      summary: `Action ${name}${action.public ? ' (no session needed)' : action.consoleRoles ? ` (console: ${action.consoleRoles.join(', ')})` : ''}`,
      ...(action.public ? { security: [] } : {}),
      parameters: [
        { name: CSRF_HEADER, in: 'header', required: true, schema: { const: CSRF_HEADER_VALUE } },
        // Money and case-creating submits: a retry with the same key replays the first outcome.
        ...(action.idempotent ? [{ name: 'idempotency-key', in: 'header', required: false, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{8,128}$' }, description: 'One per submit (a UUID): a retry with the same key gets the first answer' }] : []),
      ],
      // Uploads (files as data URLs) have their own route with a larger body limit.
      ...(action.bodyLimit ? { 'x-body-limit': action.bodyLimit } : {}),
      requestBody: { required: true, content: { 'application/json': { schema: inputSchema(action.input) } } },
      responses: { 200: { description: 'What the renderer does next (navigate, field errors, modal…)', content: { 'application/json': { schema: result } } } },
    };
    paths[`/api/actions/${name}`] = { post: action.consoleRoles ? consoleOperation(post, action.consoleRoles) : post };
  }
  return { ...doc, paths };
}

/**
 * OpenAPI 3.1 description of the server's own API (screens, actions, files, the console's screens
 * and actions, health), generated from the routes and from the zod schemas that validate the
 * actions' input; browsable at /api/docs, JSON at /api/docs/json. Outside production only.
 */
export default fp(
  async (app) => {
    if (app.config.APP_ENV === 'production') return;
    // Routes with console roles, by OpenAPI path and method (actions carry theirs on their definition).
    const consoleRoutes = new Map<string, Map<string, readonly string[]>>();
    app.addHook('onRoute', (route) => {
      const roles = route.config?.consoleRoles;
      if (!roles || route.url.startsWith('/api/actions/')) return;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const methods = consoleRoutes.get(path) ?? new Map<string, readonly string[]>();
      for (const method of [route.method].flat()) methods.set(method.toLowerCase(), roles);
      consoleRoutes.set(path, methods);
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Consórcio — API do autoatendimento',
          version: '1',
          description: `Server-driven screens: GET /api/screens answers a screen document (JSON Schema at ${SCREEN_SCHEMA_URL}); POST /api/actions/{area}/{name} runs an action. State-changing requests need the ${CSRF_HEADER} header and application/json.`,
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: app.config.sessionCookieName },
            staffSession: { type: 'apiKey', in: 'cookie', name: app.config.staffCookieName, description: 'The operations console’s session (staff only)' },
          },
        },
        security: [{ session: [] }],
      },
      transformObject: (document) => ('openapiObject' in document ? describe(document.openapiObject as OpenApi, app.actions.list(), consoleRoutes) : document.swaggerObject) as never,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi', dependencies: ['config'] },
);
