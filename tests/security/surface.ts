/**
 * The attack surface, read from what the product declares: the OpenAPI document the server serves
 * (every route and every action with the JSON Schema of its body) and the screen route table
 * (screens/routes.json with the layouts). Every operation is placed in classes here; the attacker's
 * suite (tests/security/*.test.ts) generates its cases from the classes, so a new action is attacked
 * the day it is added — and surface-is-covered.test.ts fails until it is placed in a class or
 * exempted with a reason.
 *
 * What the document says by itself is derived, never restated: free-text fields (strings with no
 * enum, pattern or format), redirect-bearing fields (named as a return-to), idempotent submits (the
 * Idempotency-Key header), uploads (their own body limit), public actions (no security), console
 * actions (`ops/`). The table below adds what only a person can say: whose resource an operation
 * reaches, which actions a limit guards.
 */
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import type { RouteEntry } from '../../server/src/composition/route-table.js';

/** What a customer owns and an attacker wants. */
export const RESOURCES = ['quotas', 'slips', 'documents', 'statements', 'cases', 'drafts', 'uploads', 'bids', 'protocols', 'notifications', 'links'] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * - `owned:<resource>`: reaches a resource of the customer in session (ownership.test.ts: another
 *   persona's session, no session, guessed ids);
 * - `session`: needs the customer's session, addresses nothing by id (no session, other partner's host);
 * - `public`: answers without a session by design;
 * - `limited`: a limit guards it (limits.test.ts: one session, many sessions, two instances);
 * - `race`: a draft or money move (races.test.ts: two tabs and two sessions at once, one effect);
 * - `upload`: takes files (uploads.test.ts: polyglots, oversize, zero bytes, wrong magic, SVG — every
 *   action with its own body limit);
 * - `console`: the operations console (console-roles.test.ts: no staff session, customer session,
 *   each role the OpenAPI's `x-console-roles` does not admit).
 */
export type Tag = `owned:${Resource}` | 'session' | 'public' | 'limited' | 'race' | 'upload' | 'console';
export type Placement = readonly Tag[] | { exempt: string };

const owned = (resource: Resource, ...more: Tag[]): Tag[] => [`owned:${resource}`, ...more];

/**
 * Every operation of the OpenAPI document, by key: the action's name for `POST /api/actions/<name>`,
 * `<METHOD> <path>` for any other route.
 */
export const PLACEMENT: Record<string, Placement> = {
  'GET /api/screens': ['public'],
  'GET /health/live': { exempt: 'liveness probe: answers "ok" to anyone, reads nothing of a customer' },
  'GET /health/ready': { exempt: 'readiness probe: answers the state of the database and Redis, nothing of a customer' },
  'GET /login-transparente/{token}': owned('links', 'public'),
  'GET /api/arquivos/boletos/{id}': owned('slips'),
  'GET /api/arquivos/documentos/contrato': owned('documents'),
  'GET /api/arquivos/documentos/demonstrativo/{hash}': owned('statements'),
  'GET /api/arquivos/documentos/informe-ir/{ano}': owned('documents'),
  'GET /api/arquivos/documentos/comprovante-anual/{ano}': owned('documents'),
  'GET /api/arquivos/documentos/extrato': owned('statements'),
  'GET /api/arquivos/faturamento/ordem-compra': owned('documents'),
  // The installable app: the partner's manifest, its icons and the offline page, drawn from the
  // partner's theme and logo alone (nothing of a customer; a service worker fetches them unsigned).
  'GET /manifest.webmanifest': ['public'],
  'GET /icones/{name}.png': ['public'],
  'GET /apple-touch-icon.png': ['public'],
  'GET /sem-conexao': ['public'],
  'GET /api/ops/auditoria.csv': ['console'],
  'GET /api/ops/analise.csv': ['console'],
  // The staff's way in and out through the identity provider: pages the browser leaves the app for.
  'GET /api/ops/entrar/provedor': ['console', 'public'],
  'GET /api/ops/entrar/retorno': ['console', 'public'],
  'GET /api/ops/sair': ['console', 'public'],
  'GET /robots.txt': { exempt: 'the robots file: the same rules for everyone, derived from the route table' },
  'GET /api/contract/screen.schema.json': { exempt: 'the published screen contract, the same for everyone' },
  'GET /api/contract/native.json': { exempt: 'the published native contract, the same for everyone' },
  'GET /api/contract/back-office.openapi.json': { exempt: 'the consumer contract of the back office, the same for everyone' },

  'assistant/embed-feedback': ['public'],
  'assistant/embed-message': ['public', 'limited'],
  'assistant/feedback': ['public'],
  'assistant/message': ['public', 'limited'],
  'auth/biometrics-disable': ['session'],
  'auth/biometrics-enrol': ['session'],
  'auth/biometrics-unlock': ['public', 'limited'],
  'auth/confirm-registration': ['session'],
  'auth/forget-identity': ['public'],
  'auth/forgot-date': ['public'],
  'auth/forgot-identify': ['public'],
  'auth/forgot-send': ['public'],
  'auth/identify': ['public'],
  'auth/identity-email': ['public'],
  'auth/identity-start': ['public'],
  'auth/login': ['public', 'limited'],
  'auth/logout': ['public'],
  'auth/logout-confirm': ['public'],
  'auth/otp-confirm-document': ['public'],
  'auth/otp-confirm-email': ['public'],
  'auth/otp-send': ['public', 'limited'],
  'auth/otp-verify': ['public', 'limited'],
  'auth/password-current': ['session'],
  'auth/password-new': ['session'],
  // The password typed again inside a session, checked by the login's call under the login's limits.
  'auth/reauthenticate': ['session', 'limited'],
  'awarded/asset-type': owned('cases'),
  'awarded/confirm-offer': owned('cases', 'race'),
  'awarded/documents': owned('uploads', 'upload'),
  'awarded/guarantee': owned('cases'),
  'awarded/identification': owned('cases'),
  'awarded/restart': owned('cases'),
  'awarded/send-for-analysis': owned('cases'),
  'awarded/step-done': owned('cases'),
  'bids/cancel': owned('bids'),
  'bids/cancel-confirm': owned('bids'),
  'bids/confirm': owned('drafts', 'race'),
  'bids/repeat': owned('protocols'),
  'bids/step': owned('drafts'),
  'cash-billing/accept-term': owned('cases', 'race'),
  'cash-billing/bank-data': owned('cases', 'race'),
  'cash-billing/company-partners': owned('cases'),
  'cash-billing/documents': owned('uploads', 'upload'),
  'cash-billing/income': owned('cases'),
  'cash-billing/registration-adjusted': owned('cases'),
  'cash-billing/start': owned('cases', 'race'),
  'evaluation/answer': ['session'],
  'evaluation/later': ['session'],
  'help/feedback': ['session'],
  'help/search': ['session'],
  'insurance/request': owned('cases', 'race'),
  'notifications/preference-save': owned('notifications'),
  'notifications/push': owned('notifications'),
  'ops/analisar': ['console'],
  'ops/aprovar': ['console'],
  'ops/cancelar': ['console'],
  'ops/cards': ['console'],
  'ops/discard': ['console'],
  'ops/draft': ['console'],
  'ops/galeria-exemplo': ['console'],
  'ops/logout': ['console'],
  'ops/encerrar-sessoes': ['console'],
  'ops/publish': ['console'],
  'ops/rollback': ['console'],
  'ops/analise-filtros': ['console'],
  'ops/analise-comparar': ['console'],
  'ops/tema': ['console'],
  'ops/texto': ['console'],
  'ops/textos-busca': ['console'],
  'post-sale/advance': owned('cases'),
  'post-sale/bills': owned('cases'),
  'post-sale/callback': owned('cases', 'race'),
  'post-sale/contact': owned('cases', 'limited'),
  'post-sale/income': owned('cases', 'limited'),
  // Two wrong answers block the journey: the back office counts them (the server keeps no count to push).
  'post-sale/security': owned('cases'),
  'post-sale/token': owned('cases', 'limited'),
  'profile/address-save': ['session'],
  'profile/cep-lookup': ['session'],
  'profile/contact-save': ['session'],
  'profile/identity-documents': owned('uploads', 'upload'),
  'profile/income-save': ['session'],
  'profile/token-send': ['session', 'limited'],
  'profile/token-validate': ['session', 'limited'],
  // A session is named by a keyed digest of its id, looked up among the customer's own sessions only.
  'profile/session-end': ['session'],
  'profile/sessions-end-others': ['session'],
  'quota-transfer/assignee': owned('quotas'),
  'quota-transfer/confirm': owned('quotas', 'race'),
  'quotas/nickname': owned('quotas'),
  'quotas/photo': owned('quotas', 'upload'),
  'quotas/select': owned('quotas'),
  'reactivation/request': owned('cases', 'race'),
  'refund/bank-data': owned('cases', 'race'),
  'refund/documents': owned('uploads', 'upload'),
  'refund/schedule': owned('cases', 'race'),
  'refund/start': owned('cases', 'race'),
  'renegotiation/confirm': owned('slips', 'race'),
  'renegotiation/select': owned('slips'),
  'service/branches': ['session'],
  'slips/delivery': owned('slips'),
  'slips/email': owned('slips'),
  'slips/generate': owned('slips', 'race'),
  'slips/generate-marked': owned('slips', 'race'),
  'slips/payoff': owned('slips', 'race'),
  'slips/payoff-quote': owned('slips'),
  'used-vehicle/billing-reanalysis': owned('uploads', 'upload'),
  'used-vehicle/correction-letter': owned('uploads', 'upload'),
  'used-vehicle/detran-resolved': owned('cases'),
  'used-vehicle/inspection-address': owned('cases'),
  'used-vehicle/inspection-cep': owned('cases'),
  'used-vehicle/inspection-digital': owned('cases', 'race'),
  'used-vehicle/inspection-document': owned('uploads', 'upload'),
  'used-vehicle/inspection-resend-link': owned('cases', 'race'),
  'used-vehicle/inspection-technical': owned('cases', 'race'),
  'used-vehicle/inspection-terms-digital': owned('cases'),
  'used-vehicle/inspection-terms-tecnica': owned('cases'),
  'used-vehicle/plate': owned('cases'),
  'used-vehicle/registration-confirm': owned('cases'),
  'used-vehicle/reversal-bank-data': owned('cases', 'race'),
  'used-vehicle/schedule-payment': owned('cases', 'race'),
  'used-vehicle/seller-bank': owned('cases'),
  'used-vehicle/seller-documents': owned('uploads', 'upload'),
  'used-vehicle/seller-personal': owned('cases'),
  'used-vehicle/seller-resend': owned('uploads', 'upload'),
  'used-vehicle/simulate-found': owned('cases'),
  'used-vehicle/simulate-manual': owned('cases'),
  'vehicle-billing/confirm': owned('cases', 'race'),
  'vehicle-billing/correction-letter': owned('uploads', 'upload'),
  'vehicle-billing/dealership': owned('cases'),
  'vehicle-billing/dealership-account': owned('cases'),
  'vehicle-billing/detran-resolved': owned('cases'),
  'vehicle-billing/identification': owned('uploads', 'upload'),
  'vehicle-billing/invoice': owned('uploads', 'upload'),
  'vehicle-billing/manual': owned('cases', 'race'),
  'vehicle-billing/payment-form': owned('cases'),
  'vehicle-billing/product': owned('cases'),
  'vehicle-billing/purchase-value': owned('cases'),
  'vehicle-billing/resend': owned('uploads', 'upload'),
  'vehicle-billing/restart': owned('cases'),
  'vehicle-billing/schedule-payment': owned('cases', 'race'),
  'vehicle-billing/type': owned('cases'),
  'vehicle-billing/vehicle': owned('cases'),
};

/**
 * Screen routes that take a parameter: the parameter is an id the attacker can change, so each is
 * placed like an operation.
 */
export const SCREEN_PARAM_PLACEMENT: Record<string, Placement> = {
  '/notifications/:id': owned('notifications'),
  '/contemplado/garantia/:item': { exempt: 'the item is a guarantee kind of the catalogue (imovel, veiculo…), the same for every customer; the quota is the one in session' },
  '/contemplado/documentos/:doc': { exempt: 'the document kind of the catalogue (rg, cnh…); the case is the one of the quota in session' },
  '/contemplado/documentos-pesado/:doc': { exempt: 'the document kind of the catalogue; the case is the one of the quota in session' },
  '/ajuda/:id': { exempt: 'a help category, the same for every customer of the partner' },
  '/ajuda/:category/:id': { exempt: 'a help question, the same for every customer of the partner' },
};

// ---------------------------------------------------------------------------------------------

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
  required?: string[];
};

export interface Operation {
  /** The action's name, or `<METHOD> <path>`. */
  key: string;
  method: string;
  path: string;
  /** The action's name (`quotas/select`) for POST /api/actions/…; undefined for other routes. */
  action?: string;
  /** Answers without the customer's session (OpenAPI security []). */
  public: boolean;
  pathParams: string[];
  body?: Schema;
  /** Declares an Idempotency-Key: a money or case-creating submit. */
  idempotent: boolean;
  /** Its own body limit: files travel in it. */
  bodyLimit?: number;
  placement?: Placement;
  tags: readonly Tag[];
}

export interface ScreenRouteInfo {
  path: string;
  screen: string;
  access: 'public' | 'protected';
  params: string[];
  /** The layout shows a return-to target (`{{voltar}}`, `{{query}}`) or the loader's next step (`{{proxima}}`). */
  redirectBearing: boolean;
  placement?: Placement;
}

export interface Surface {
  openapi: { paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ name: string; in: string }>; requestBody?: { content?: Record<string, { schema?: Schema }> }; 'x-body-limit'?: number }>> };
  operations: Operation[];
  screens: ScreenRouteInfo[];
  routes: readonly RouteEntry[];
}

const ACTION_PREFIX = '/api/actions/';

/** The OpenAPI document the server serves and the route table, classified. */
export async function readSurface(baseUrl: string): Promise<Surface> {
  const res = await fetch(`${baseUrl}/api/docs/json`);
  if (!res.ok) throw new Error(`GET /api/docs/json: ${res.status}`);
  const openapi = (await res.json()) as Surface['openapi'];
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const action = path.startsWith(ACTION_PREFIX) ? path.slice(ACTION_PREFIX.length) : undefined;
      const key = action ?? `${method.toUpperCase()} ${path}`;
      const placement = PLACEMENT[key];
      operations.push({
        key,
        method: method.toUpperCase(),
        path,
        ...(action ? { action } : {}),
        public: Array.isArray(op.security) && op.security.length === 0,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        ...(op.requestBody?.content?.['application/json']?.schema ? { body: op.requestBody.content['application/json'].schema } : {}),
        idempotent: (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
        ...(op['x-body-limit'] ? { bodyLimit: op['x-body-limit'] } : {}),
        ...(placement ? { placement } : {}),
        tags: placement && Array.isArray(placement) ? placement : [],
      });
    }
  }
  const definitions = loadDefinitions();
  const screens: ScreenRouteInfo[] = definitions.routes.flatMap((route) => {
    if (!('screen' in route)) return [];
    const layout = JSON.stringify(definitions.layouts.get(route.screen) ?? {});
    const placement = SCREEN_PARAM_PLACEMENT[route.path];
    return [
      {
        path: route.path,
        screen: route.screen,
        access: route.access,
        params: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        redirectBearing: /\{\{(voltar|query|proxima)\}\}/.test(layout),
        ...(placement ? { placement } : {}),
      },
    ];
  });
  return { openapi, operations, screens, routes: definitions.routes };
}

export const has = (op: Pick<Operation, 'tags'>, tag: Tag) => op.tags.includes(tag);
export const ownedResource = (op: Pick<Operation, 'tags'>): Resource | undefined => op.tags.find((t) => t.startsWith('owned:'))?.slice('owned:'.length) as Resource | undefined;

/** The properties of a body schema (the first branch of a oneOf: the login's document mode). */
export function properties(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  if (schema.properties) return schema.properties;
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  return branch ? properties(branch) : {};
}

/** A string a person types freely: no enum, const, pattern or format restricts what it holds. */
function isFreeText(schema: Schema): boolean {
  if (schema.anyOf) return schema.anyOf.some(isFreeText);
  return schema.type === 'string' && schema.enum === undefined && schema.const === undefined && schema.pattern === undefined && schema.format === undefined;
}

/** Field names that carry a place to go next. */
export const REDIRECT_FIELD = /^(voltar|redirect|redirectTo|returnTo|return_to|next|proxima|destino|continue|url)$/i;

/** Top-level body fields of an operation a person types freely (uploads' file fields excepted). */
export function freeTextFields(op: Operation): string[] {
  if (op.bodyLimit) return [];
  return Object.entries(properties(op.body))
    .filter(([name, schema]) => isFreeText(schema) && !REDIRECT_FIELD.test(name))
    .map(([name]) => name);
}

/** Top-level body fields naming where to go next. */
export function redirectFields(op: Operation): string[] {
  return Object.keys(properties(op.body)).filter((name) => REDIRECT_FIELD.test(name));
}

/** What is wrong with the surface's placement: empty when every operation and screen is placed. */
export function coverageProblems(surface: Surface, drivers: { limited: readonly string[]; races: Record<string, unknown> }): string[] {
  const problems: string[] = [];
  const keys = new Set(surface.operations.map((op) => op.key));
  for (const op of surface.operations) {
    const p = op.placement;
    if (!p) {
      problems.push(`${op.key}: not placed in a class — add it to PLACEMENT in tests/security/surface.ts (or exempt it with a reason)`);
      continue;
    }
    if (!Array.isArray(p)) {
      if (!(p as { exempt: string }).exempt?.trim()) problems.push(`${op.key}: exempted without a reason`);
      continue;
    }
    if (p.length === 0) problems.push(`${op.key}: placed in no class`);
    const isConsole = op.action?.startsWith('ops/') || op.path.startsWith('/api/ops/');
    if (isConsole !== has(op, 'console')) problems.push(`${op.key}: ${isConsole ? 'a console route not' : 'not a console route but'} placed in console`);
    if (!isConsole && op.public !== has(op, 'public')) problems.push(`${op.key}: the OpenAPI says ${op.public ? 'public' : 'needs a session'}, the placement says otherwise`);
    if (!op.public && !op.key.startsWith('GET /api/screens') && !isConsole && !has(op, 'session') && !ownedResource(op)) problems.push(`${op.key}: needs a session but is neither owned nor session`);
    if (op.idempotent !== has(op, 'race')) problems.push(`${op.key}: ${op.idempotent ? 'declares an Idempotency-Key (a draft or money move) but is not in race' : 'in race without an Idempotency-Key'}`);
    if (!!op.bodyLimit !== has(op, 'upload')) problems.push(`${op.key}: ${op.bodyLimit ? 'takes files (own body limit) but is not in upload' : 'in upload without its own body limit'}`);
    if (has(op, 'limited') && !drivers.limited.includes(op.key)) problems.push(`${op.key}: limited, but limits.test.ts has no driver for it`);
    if (has(op, 'race') && !(op.key in drivers.races)) problems.push(`${op.key}: a draft or money move, but races.test.ts has no driver (or exemption) for it`);
  }
  for (const key of Object.keys(PLACEMENT)) if (!keys.has(key)) problems.push(`${key}: placed but no longer in the OpenAPI document — remove it from PLACEMENT`);
  for (const screen of surface.screens) {
    if (screen.params.length > 0 && !screen.placement) problems.push(`screen ${screen.path}: takes a parameter but is not placed — add it to SCREEN_PARAM_PLACEMENT`);
  }
  for (const path of Object.keys(SCREEN_PARAM_PLACEMENT)) if (!surface.screens.some((s) => s.path === path)) problems.push(`screen ${path}: placed but no longer in the route table`);
  return problems;
}

const PATTERN_CANDIDATES = ['0001', '001', '1234', '123456', 'ABCD', 'abc', 'a-b', '1', 'A', '12345678', '2025/2026', 'LL', 'MANHA', '01/01/1990', '01234-567'];

/** A value the schema accepts, for the fields a test does not care about. */
export function sample(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.oneOf) return sample(schema.oneOf[0]);
  if (schema.anyOf) return sample(schema.anyOf[0]);
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return 1;
    case 'array':
      return (schema as { minItems?: number }).minItems ? [sample(schema.items)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name]);
      return out;
    }
    case 'string': {
      if (schema.format === 'email') return 'pessoa@example.com.br';
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        return PATTERN_CANDIDATES.find((c) => re.test(c)) ?? 'a';
      }
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return undefined;
  }
}

/** A body the operation's schema accepts (its first branch), every field filled. */
export function sampleBody(op: Operation): Record<string, unknown> {
  const props = properties(op.body);
  return Object.fromEntries(Object.entries(props).map(([name, schema]) => [name, sample(schema)]));
}
