import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  RENDERER_CAPABILITIES_HEADER,
  RENDERER_VERSION_HEADER,
  type ComponentNode,
  type ScreenDocument,
  type ScreenResponse,
} from '../../../../screens/contract/index.js';
import type { FlowBundle } from '../../../../screens/contract/flows.js';
import type { PreviewPersona } from './preview.js';
import { textKeys } from '../../composition/definitions.js';

/** Where a customer meets each definition first: the route whose screen the console previews. */
const ENTRY_ROUTE: Record<string, string> = {
  'cash-billing-screen': '/faturamento',
  'cash-billing-card': '/faturamentoespecie/centralcontemplacao',
  'cash-billing-cards': '/faturamentoespecie/centralcontemplacao',
  'refund-screen': '/devolucao',
  'used-vehicle-step': '/faturamento',
  'vehicle-billing-screen': '/faturamento',
  'payment-step': '/faturamento',
};
export const entryRoute = (definitionId: string): string => ENTRY_ROUTE[definitionId] ?? (definitionId.startsWith('tema-') ? '/login' : '/home');

/** For a texts draft: the first route whose screen shows a changed text (the login screen for its greeting). */
export function textsRoute(app: FastifyInstance, before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string {
  const changed = new Set(Object.keys(after).filter((k) => before[k] !== after[k]));
  for (const route of app.definitions.routes) {
    if (!('screen' in route) || route.path.includes(':')) continue;
    const layout = app.definitions.layouts.get(route.screen);
    if (layout && [...textKeys(layout)].some((k) => changed.has(k))) return route.path;
  }
  return '/home';
}

/** Public routes are previewed as a visitor sees them; the others as the persona, signed in. */
const isPublic = (app: FastifyInstance, path: string) => app.definitions.routes.some((r) => r.path === path && 'access' in r && r.access === 'public');

/** The screen a persona gets at a route, under the version in service and under the draft. */
export interface ScreenPreview {
  route: string;
  published: ScreenDocument;
  draft: ScreenDocument;
}

const MAX_REDIRECTS = 5;

/**
 * Signs the persona in as a customer would (through this same server, in-process, on its partner's
 * host), picks its first quota, and asks for the entry route twice: as served, and with the draft
 * bundle deciding (FlowService.withBundle, scoped to these requests). The customer session is
 * closed afterwards.
 */
export async function previewScreens(app: FastifyInstance, staffRequest: FastifyRequest, persona: PreviewPersona, draft: FlowBundle, route: string): Promise<ScreenPreview> {
  let cookies: Record<string, string> = {};
  const headers = () => ({
    // The persona's partner's host: the console's own answers no customer screen (security/console-host.ts).
    host: persona.domain ?? app.config.DEV_PARTNER_DOMAIN,
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    ...(staffRequest.headers[RENDERER_VERSION_HEADER] ? { [RENDERER_VERSION_HEADER]: String(staffRequest.headers[RENDERER_VERSION_HEADER]) } : {}),
    ...(staffRequest.headers[RENDERER_CAPABILITIES_HEADER] ? { [RENDERER_CAPABILITIES_HEADER]: String(staffRequest.headers[RENDERER_CAPABILITIES_HEADER]) } : {}),
  });
  const keep = (res: { cookies: Array<{ name: string; value: string }> }) => {
    for (const c of res.cookies) cookies = { ...cookies, [c.name]: c.value };
  };
  const action = async (name: string, payload: unknown) => {
    const res = await app.inject({ method: 'POST', url: `/api/actions/${name}`, headers: { ...headers(), 'content-type': 'application/json' }, cookies, payload: JSON.stringify(payload) });
    keep(res);
    return res.json() as { kind: string; message?: string };
  };
  const screen = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/screens', query: { path }, headers: headers(), cookies });
    keep(res);
    return res.json() as ScreenResponse;
  };
  const follow = async (path: string): Promise<ScreenDocument> => {
    let answer = await screen(path);
    for (let hop = 0; answer.kind === 'redirect' && hop < MAX_REDIRECTS; hop++) answer = await screen(answer.to);
    if (answer.kind !== 'screen') throw new Error(`preview of ${path} kept redirecting`);
    return answer;
  };

  if (isPublic(app, route)) {
    const published = await follow(route);
    return { route, published, draft: await app.flows.withBundle(draft, () => follow(route)) };
  }
  const login = await action('auth/login', { modo: 'documento', documento: persona.document, senha: persona.password });
  if (login.kind !== 'navigate') throw new Error(`preview login failed: ${login.message ?? login.kind}`);
  try {
    const quotas = await screen('/groups-and-quotas');
    const card = quotas.kind === 'screen' ? findQuotaCard(quotas.layout) : null;
    if (card) await action('quotas/select', card);
    const published = await follow(route);
    const drafted = await app.flows.withBundle(draft, () => follow(route));
    return { route, published, draft: drafted };
  } finally {
    await action('auth/logout', {}).catch(() => undefined);
  }
}

function findQuotaCard(nodes: ComponentNode[]): Record<string, unknown> | null {
  for (const node of nodes) {
    if (node.type === 'card' && node.id?.startsWith('cota-') && node.action?.action.type === 'submit') return node.action.action.payload ?? null;
    if ('items' in node) {
      const found = findQuotaCard(node.items);
      if (found) return found;
    }
  }
  return null;
}

/** A customer's screen as the console shows it: its layout, and its partner's theme (CSS colours only), drawn inert. */
export function previewOf(doc: ScreenDocument): { tema: Record<string, string>; layout: ComponentNode[]; rota: string } {
  const tema = Object.fromEntries(Object.entries(doc.partner?.theme ?? {}).filter(([, v]) => typeof v === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(v))) as Record<string, string>;
  return { tema, layout: doc.layout, rota: doc.route };
}
