/**
 * What every attack of the suite shares: sessions of personas, what of an owner must never show in
 * an answer, when an answer is a refusal, where a redirect may land, and how the owner's own
 * screens give away the ids an attacker replays.
 */
import supertest from 'supertest';
import { afterAll } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { PORTFOLIO } from '../../sandbox/src/state/portfolio.js';
import { matchRoute, type RouteEntry } from '../../server/src/composition/route-table.js';
import { client, findAll } from '../helpers/api-client.js';
import { partner, persona } from '../helpers/personas.js';
import { startStack, type Stack } from '../helpers/stack.js';

export type Client = ReturnType<typeof client>;

/** The host a persona's partner answers on, for this stack (`localhost:PORT`, `horizonte.localhost:PORT`). */
export function hostOf(stack: Pick<Stack, 'port'>, key: string): string {
  return `${partner(persona(key).partner).domain}:${stack.port}`;
}

/** The host of the other partner. */
export function otherHost(stack: Pick<Stack, 'port'>, key: string): string {
  const own = partner(persona(key).partner).domain;
  return `${own === 'localhost' ? 'horizonte.localhost' : 'localhost'}:${stack.port}`;
}

/** The session cookie (`sid=…`) an answer set. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const sid = cookies.find((c) => /^(__Host-Http-)?sid=/.test(c));
  if (!sid) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return sid.split(';')[0]!;
}

/** A persona logged in on its own partner's host (with its first quota selected unless `quota: false`), and its session cookie. */
export async function loggedIn(stack: Stack, key: string, options: { quota?: boolean } = {}): Promise<{ c: Client; cookie: string }> {
  const c = client(stack.baseUrl, hostOf(stack, key));
  const login = await c.login(key);
  let cookie = sessionCookie(login);
  if (options.quota !== false) {
    const selected = await c.selectFirstQuota(key);
    const renewed = ([] as string[]).concat((selected.headers['set-cookie'] as string[] | string | undefined) ?? []).find((s) => /^(__Host-Http-)?sid=/.test(s));
    if (renewed) cookie = renewed.split(';')[0]!;
  }
  return { c, cookie };
}

/** Raw requests with exactly the cookie and host given (or none): another browser presenting a session. */
export function raw(stack: Stack, cookie: string | null, host = `localhost:${stack.port}`) {
  const withAuth = <T extends supertest.Test>(req: T): T => {
    req.set('host', host);
    if (cookie) req.set('cookie', cookie);
    return req;
  };
  return {
    screen: (path: string) => withAuth(supertest(stack.baseUrl).get('/api/screens').query({ path })),
    get: (path: string) => withAuth(supertest(stack.baseUrl).get(path)),
    action: (name: string, body: unknown = {}) =>
      withAuth(supertest(stack.baseUrl).post(`/api/actions/${name}`).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json').send(JSON.stringify(body))),
  };
}

// -- What of an owner must never show --------------------------------------------------------

export interface Marker {
  what: string;
  pattern: RegExp;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const formatDocument = (d: string) => (d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`);

/** The owner's CPF/CNPJ (bare and formatted), name, e-mail and quota numbers, as patterns. */
export function markersOf(key: string): Marker[] {
  const p = persona(key);
  const seed = PORTFOLIO[key];
  if (!seed) throw new Error(`no portfolio for ${key}`);
  const markers: Marker[] = [
    { what: 'CPF/CNPJ', pattern: new RegExp(`\\b${escape(p.document)}\\b`) },
    { what: 'CPF/CNPJ formatado', pattern: new RegExp(escape(formatDocument(p.document))) },
    { what: 'nome', pattern: new RegExp(escape(seed.nome), 'i') },
    { what: 'e-mail', pattern: new RegExp(escape(seed.email), 'i') },
  ];
  for (const q of seed.quotas) {
    markers.push({ what: `grupo ${q.grupo}`, pattern: new RegExp(`\\b${q.grupo}\\b`) });
    markers.push({ what: `cota ${q.cota}`, pattern: new RegExp(`\\b(Cota ${q.cota}|${q.grupo}[-/ ·]*${q.cota})\\b`) });
  }
  return markers;
}

/** What of the owner an answer shows (empty: nothing). */
export function revealed(answer: { text?: string; body?: unknown }, markers: readonly Marker[]): string[] {
  const text = typeof answer.text === 'string' && answer.text ? answer.text : JSON.stringify(answer.body ?? '');
  return markers.filter((m) => m.pattern.test(text)).map((m) => m.what);
}

// -- Refusals ----------------------------------------------------------------------------------

type Answer = { status: number; body: { kind?: string; to?: string; screen?: string } | null; headers: Record<string, unknown> };

/** Where the server sends someone it does not let in. */
export const LOGIN_PATH = /^\/(login|entrar|ops\/entrar)(\?|$|\/)/;

/**
 * A refusal as a person or a client sees it: an HTTP error, a field error or an error message, or
 * being sent to the login (or a not-found screen) — never the resource.
 */
export function isRefusal(res: Answer): boolean {
  if (res.status >= 400) return true;
  const body = res.body;
  if (!body || typeof body !== 'object') return false;
  if (body.kind === 'field-errors' || body.kind === 'error') return true;
  if ((body.kind === 'navigate' || body.kind === 'redirect') && typeof body.to === 'string' && LOGIN_PATH.test(body.to)) return true;
  if (body.kind === 'screen' && /nao-encontrada|^login$|^entrar/.test(String(body.screen))) return true;
  return false;
}

/** A download answer that carries a file (the resource itself). */
export function isFile(res: Answer): boolean {
  const type = String(res.headers['content-type'] ?? '');
  return res.status === 200 && !type.startsWith('application/json');
}

// -- Redirects ---------------------------------------------------------------------------------

/** The open-redirect corpus the API tests also feed every return-to (tests/helpers/open-redirect-payloads.ts). */
export { OPEN_REDIRECT_PAYLOADS as REDIRECT_PAYLOADS } from '../helpers/open-redirect-payloads.js';

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether `to` stays on the site: a path of a known screen route on the same origin, read by the
 * WHATWG URL parser as a browser would, with no control characters or backslashes; any `voltar` it
 * carries must itself be such a path.
 */
export function destinationProblem(to: unknown, origin: string, routes: readonly RouteEntry[]): string | null {
  if (typeof to !== 'string') return `not a string: ${JSON.stringify(to)}`;
  if (!to.startsWith('/')) return `not a local path: ${JSON.stringify(to)}`;
  if (CONTROL.test(to)) return `control character: ${JSON.stringify(to)}`;
  if (to.includes('\\')) return `backslash: ${JSON.stringify(to)}`;
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return `unparseable: ${JSON.stringify(to)}`;
  }
  if (url.origin !== origin) return `leaves the site for ${url.origin}: ${JSON.stringify(to)}`;
  const known = url.pathname === '/' || url.pathname.startsWith('/ops') || url.pathname.startsWith('/api/arquivos/') || matchRoute(routes, url.pathname) !== null;
  if (!known) return `not a known route: ${JSON.stringify(to)} (${url.pathname})`;
  const nested = url.searchParams.get('voltar');
  if (nested !== null) {
    const problem = destinationProblem(nested, origin, routes);
    if (problem) return `its voltar ${problem}`;
  }
  return null;
}

/** Every place a screen or an action answer sends the person: navigate targets and redirects. */
export function destinations(body: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, key?: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n));
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if ((obj.type === 'navigate' || obj.kind === 'navigate' || obj.kind === 'redirect' || obj.kind === 'snackbar') && typeof obj.to === 'string') found.push(obj.to);
    if (key === 'payload' && typeof obj.voltar === 'string' && obj.voltar) found.push(obj.voltar);
    for (const [k, v] of Object.entries(obj)) walk(v, k);
  };
  walk(body);
  return found;
}

// -- The owner's ids, from the owner's own screens --------------------------------------------

/** A request the owner's screens offer: an action with its payload, a download, a screen. */
export type Offered = { kind: 'action'; name: string; payload: Record<string, unknown> } | { kind: 'get'; href: string } | { kind: 'screen'; to: string };

type Node = Record<string, unknown>;

/** A value a form would send for a field: its default, else the first of its choices. */
function formValue(schema: Node | undefined, current: unknown): unknown {
  if (current !== undefined && !(Array.isArray(current) && current.length === 0)) return current;
  if (!schema) return current;
  const items = schema.items as Node | undefined;
  if (schema.type === 'array' && Array.isArray(items?.enum)) return [items!.enum[0]];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return current;
}

/** Every request a screen document offers, forms filled as a person would (defaults, first choice). */
export function offered(doc: unknown): Offered[] {
  const out: Offered[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const obj = node as Node;
    if (obj.type === 'form' && obj.submit && typeof obj.submit === 'object') {
      const submit = (obj.submit as Node).action as Node | undefined;
      if (submit?.type === 'submit' && typeof submit.action === 'string') {
        const props = ((obj.schema as Node | undefined)?.properties ?? {}) as Record<string, Node>;
        const data = { ...((obj.formData as Node | undefined) ?? {}) };
        for (const [name, schema] of Object.entries(props)) {
          const value = formValue(schema, data[name]);
          if (value !== undefined) data[name] = value;
        }
        out.push({ kind: 'action', name: submit.action, payload: { ...data, ...((submit.payload as Node | undefined) ?? {}) } });
      }
    }
    if (obj.type === 'submit' && typeof obj.action === 'string') out.push({ kind: 'action', name: obj.action, payload: { ...((obj.payload as Node | undefined) ?? {}) } });
    if (obj.type === 'download' && typeof obj.href === 'string') out.push({ kind: 'get', href: obj.href });
    if (obj.type === 'navigate' && typeof obj.to === 'string') out.push({ kind: 'screen', to: obj.to });
    for (const v of Object.values(obj)) walk(v);
  };
  walk(doc);
  return out;
}

/** What the owner's screens at `paths` offer, in the owner's session. */
export async function harvest(c: Client, paths: readonly string[]): Promise<Offered[]> {
  const all: Offered[] = [];
  for (const path of paths) {
    const res = await c.screen(path);
    if (res.body.kind !== 'screen') throw new Error(`${path}: the owner's screen did not open (${JSON.stringify(res.body).slice(0, 200)})`);
    all.push(...offered(res.body.layout), ...offered(res.body.modals ?? []));
  }
  return all;
}

/** The first quota card's id of a customer's quota list. */
export async function firstQuotaId(c: Client): Promise<number> {
  const list = await c.screen('/groups-and-quotas');
  return findAll(list.body.layout, (n) => n.type === 'card' && String(n.id).startsWith('cota-'))[0].action.action.payload.idCota as number;
}

/** Guesses near an id: neighbours of a number, the last character changed, a base64 path re-encoded for a neighbour group. */
export function guessesNear(value: string): string[] {
  const guesses = new Set<string>();
  if (/^\d+$/.test(value)) {
    const n = BigInt(value);
    for (const d of [1n, 2n, 10n, 100n]) {
      guesses.add((n + d).toString().padStart(value.length, '0'));
      if (n > d) guesses.add((n - d).toString().padStart(value.length, '0'));
    }
  } else if (/^\d+-\d+$/.test(value)) {
    const [a, b] = value.split('-') as [string, string];
    guesses.add(`${String(Number(a) + 1).padStart(a.length, '0')}-${b}`);
    guesses.add(`${a}-${String(Number(b) + 1).padStart(b.length, '0')}`);
  } else {
    let decoded = '';
    try {
      decoded = Buffer.from(value, 'base64url').toString('utf8');
    } catch {
      decoded = '';
    }
    if (/^[\x20-\x7e]+$/.test(decoded) && /\d/.test(decoded) && Buffer.from(decoded).toString('base64url').replace(/=+$/, '') === value.replace(/=+$/, '')) {
      for (const g of guessesNear(decoded.replace(/\D.*$/, '') || '0')) guesses.add(Buffer.from(decoded.replace(/^\d+/, g)).toString('base64url'));
    }
    const last = value.at(-1)!;
    guesses.add(value.slice(0, -1) + (last === '0' ? '1' : '0'));
  }
  guesses.delete(value);
  return [...guesses];
}

/**
 * The file's stack, started while the file is collected (its tests are generated from the surface
 * the running server serves) and closed after its tests.
 */
export async function collectedStack(env: Record<string, string> = {}): Promise<Stack> {
  const stack = await startStack(env);
  afterAll(async () => stack.close());
  return stack;
}

/** Places an offer straight at the back office, as another channel (a branch) would: its protocol. */
export async function offerAtBackOffice(stack: Stack, key: string): Promise<string> {
  const p = persona(key);
  const base = `${stack.sandbox.url}/app-cliente/v1`;
  const headers = { client_id: 'app-cliente-web', app_version: '1.70.00', platform: 'web' };
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { ...headers, authorization: `Basic ${Buffer.from('app-cliente-web:sandbox-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', idParceiro: String(p.partner), type: 'cpf', username: p.document, password: p.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const { data } = (await (await fetch(`${base}/cotas/simples`, { headers: { ...headers, access_token } })).json()) as { data: Array<{ idCota: number }> };
  const offer = await fetch(`${base}/cotas/${data[0]!.idCota}/credenciamento-lance`, {
    method: 'POST',
    headers: { ...headers, access_token, 'content-type': 'application/json' },
    body: JSON.stringify({ situacaoModalidade: 'LL', valorOferta: 21_000, numeroIP: '0.0.0.0', formaAcesso: 'SR', utilizaAntecipacao: false, quantidadeParcelaSubsequente: 0, identificador: `ataque-${Date.now()}` }),
  });
  return ((await offer.json()) as { protocolo: string }).protocolo;
}

/** Whether any back-office call since the last clear carried `value` (in its path, query or body). */
export async function upstreamCarried(stack: Stack, values: readonly string[]): Promise<string[]> {
  const calls = JSON.stringify(await stack.sandbox.calls());
  return values.filter((v) => new RegExp(`(^|[^0-9A-Za-z])${escape(v)}([^0-9A-Za-z]|$)`).test(calls));
}
