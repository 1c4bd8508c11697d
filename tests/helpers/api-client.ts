import supertest from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { persona } from './personas.js';

export type Agent = ReturnType<typeof supertest.agent>;

/** A browser-like client: keeps cookies, sends the CSRF header and JSON on actions; `headers` go with every request (a forwarded address). */
export function client(baseUrl: string, host?: string, headers: Record<string, string> = {}) {
  const agent = supertest.agent(baseUrl);
  const withHost = <T extends { set(k: string, v: string): T }>(req: T) => {
    let sent = host ? req.set('host', host) : req;
    for (const [k, v] of Object.entries(headers)) sent = sent.set(k, v);
    return sent;
  };
  return {
    agent,
    screen(path: string, headers: Record<string, string> = {}) {
      let req = withHost(agent.get('/api/screens').query({ path }));
      for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
      return req;
    },
    /** A plain GET (a download, a page) on the client's host. */
    get(path: string) {
      return withHost(agent.get(path));
    },
    action(name: string, body: unknown = {}) {
      return withHost(agent.post(`/api/actions/${name}`).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json').send(JSON.stringify(body)));
    },
    async login(key: string) {
      const p = persona(key);
      const res = await this.action('auth/login', { modo: 'documento', documento: p.document, senha: p.password });
      if (res.body.kind !== 'navigate') throw new Error(`login of ${key} failed: ${JSON.stringify(res.body)}`);
      return res;
    },
    /** Logs in and selects the customer's first quota on the list. */
    async loginWithQuota(key: string) {
      await this.login(key);
      return this.selectFirstQuota(key);
    },
    /** Chooses the first quota on the list of the logged-in customer. */
    async selectFirstQuota(key = 'customer') {
      const list = await this.screen('/groups-and-quotas');
      const first = findAll(list.body.layout, (n) => n.type === 'card' && typeof n.id === 'string' && n.id.startsWith('cota-'))[0];
      if (!first) throw new Error(`no quota for ${key}`);
      const res = await this.action('quotas/select', first.action.action.payload);
      if (res.body.kind !== 'navigate') throw new Error(`select quota failed: ${JSON.stringify(res.body)}`);
      return res;
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

/**
 * A client logged in as `key` (on the partner `host`, when given) with the first quota of its list
 * selected, and that quota's id (to change its state in the sandbox).
 */
export async function asCustomerWithFirstQuota(baseUrl: string, key: string, host?: string) {
  const c = client(baseUrl, host);
  await c.login(key);
  const list = await c.screen('/groups-and-quotas');
  const idCota = findAll(list.body.layout, (n) => n.type === 'card' && String(n.id).startsWith('cota-'))[0].action.action.payload.idCota as number;
  await c.selectFirstQuota(key);
  return { c, idCota };
}

/** Every component in a screen's tree (cards' and lists' items included) that satisfies `pred`. */
export function findAll(nodes: Node[], pred: (n: Node) => boolean, out: Node[] = []): Node[] {
  for (const n of nodes ?? []) {
    if (pred(n)) out.push(n);
    if (Array.isArray(n.items)) findAll(n.items, pred, out);
  }
  return out;
}

/** All visible text of a screen, for assertions a person would make. */
export function screenText(doc: { layout: Node[]; title?: string }): string {
  const parts: string[] = [];
  findAll(doc.layout, (n) => {
    for (const k of ['text', 'label', 'title', 'subtitle']) if (typeof n[k] === 'string') parts.push(n[k]);
    if (n.action?.label) parts.push(n.action.label);
    if (Array.isArray(n.rows)) for (const row of n.rows) parts.push(Array.isArray(row) ? row.join(' | ') : Array.isArray(row.cells) ? row.cells.join(' | ') : `${row.label}: ${row.text}`);
    if (n.type === 'nav') for (const link of n.links) parts.push(link.label);
    if (typeof n.caption === 'string') parts.push(n.caption);
    return false;
  });
  return parts.join('\n');
}

/**
 * Opens `path` as the renderer does, following the server's redirects: the document drawn (or the
 * first failure), the path it was drawn for and its HTTP status.
 */
export async function landOn(c: ReturnType<typeof client>, path: string, hops = 6): Promise<{ body: Node; path: string; status: number }> {
  let to = path;
  for (let hop = 0; hop <= hops; hop++) {
    const res = await c.screen(to);
    if (res.status >= 400 || res.body.kind !== 'redirect') return { body: res.body, path: to, status: res.status };
    to = res.body.to;
  }
  throw new Error(`${path}: more than ${hops} redirects`);
}
