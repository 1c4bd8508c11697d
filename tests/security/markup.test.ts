/**
 * Every free-text field of the surface (strings the OpenAPI leaves unconstrained) round-tripped
 * with markup: the action's answer, the screen it leads to and that screen's server-drawn page
 * carry the markup only as text — in text properties of JSON documents, escaped in HTML — never
 * where it would become markup or an address. One journey in Chromium shows a stored nickname
 * with markup as literal text, with no element created from it.
 */
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { loginToHome, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { collectedStack, destinations, type Client } from './attacker.js';
import { freeTextFields, has, readSurface, sampleBody, type Operation } from './surface.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);

const MARKUP = ['<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'] as const;
/** Properties whose value a renderer turns into an address, markup or style. */
const UNSAFE_KEYS = new Set(['to', 'href', 'url', 'src', 'srcdoc', 'html', 'innerHTML', 'style', 'css', 'script']);

/** Where markup shows in a JSON document: the property holding it, when it is one that is not plain text. */
function unsafePlaces(doc: unknown, needle: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (node.includes(needle)) {
        const key = path.split('.').at(-1)!;
        if (UNSAFE_KEYS.has(key)) found.push(path);
      }
      return;
    }
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}[${i}]`));
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
  };
  walk(doc, '$');
  return found;
}

const fields = surface.operations.flatMap((op) => freeTextFields(op).map((field) => ({ op, field })));

const sessions = new Map<string, Promise<Client>>();
/**
 * A client in the session the action runs in: none for public ones, staff for the console, ana
 * with her quota otherwise — one of each for the file.
 */
function sessionFor(op: Operation): Promise<Client> {
  const kind = has(op, 'console') ? 'staff' : has(op, 'public') ? 'none' : 'customer';
  if (!sessions.has(kind)) {
    sessions.set(
      kind,
      (async () => {
        // Staff on the console's own host, where alone it answers.
        const c = kind === 'staff' ? await signedInStaff(stack.baseUrl, 'operacao') : client(stack.baseUrl);
        if (kind === 'customer') await c.loginWithQuota('ana');
        return c;
      })(),
    );
  }
  return sessions.get(kind)!;
}

/** Fields whose value the next screen shows: the markup must come back, verbatim, as text. */
const SHOWN = new Set<string>(['quotas/nickname.apelido']);

describe('free-text fields with markup', () => {
  it.each(fields.map(({ op, field }) => `${op.key}.${field}`))('%s: answered, stored and shown only as text', async (name) => {
    const { op, field } = fields.find((f) => `${f.op.key}.${f.field}` === name)!;
    // Public actions get a client of their own: a login among them would make the shared one someone's session.
    const c = has(op, 'public') && !has(op, 'console') ? client(stack.baseUrl) : await sessionFor(op);
    const wrong: string[] = [];
    for (const markup of MARKUP) {
      const res = await c.action(op.action!, { ...sampleBody(op), [field]: markup });
      if (!String(res.headers['content-type']).startsWith('application/json')) wrong.push(`answer as ${res.headers['content-type']}`);
      wrong.push(...unsafePlaces(res.body, markup).map((p) => `answer ${p}`));
      let shown = false;
      for (const to of destinations(res.body).filter((t) => !t.startsWith('/api/'))) {
        const next = await c.screen(to);
        wrong.push(...unsafePlaces(next.body, markup).map((p) => `${to} ${p}`));
        if (next.body.kind !== 'screen' || !screenText(next.body).includes(markup)) continue;
        shown = true;
        // The page the browser loads for that route, its first screen drawn on the server.
        const page = await c.get(to).set('accept', 'text/html');
        if (page.status === 200 && String(page.headers['content-type']).startsWith('text/html') && page.text.includes(markup)) wrong.push(`${to}: the page's HTML holds the markup unescaped`);
      }
      if (SHOWN.has(name) && !shown) wrong.push(`${JSON.stringify(markup)} not shown back as text (${JSON.stringify(res.body).slice(0, 120)})`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('in the browser', () => {
  const browser = useBrowser();
  it('ana’s nickname with markup shows as literal text and creates no element', async () => {
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    const markup = MARKUP[0];
    expect((await ana.action('quotas/nickname', { apelido: markup })).body.kind).toBe('snackbar');
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await loginToHome(page, stack.baseUrl, persona('ana'), 'Olá, Ana');
    await page.goto(`${stack.baseUrl}/detalhes-da-cota`);
    await page.getByText(markup, { exact: false }).first().waitFor();
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
    // Nothing else of the suite depends on the nickname, but leave it as the seed had it.
    await ana.action('quotas/nickname', { apelido: '' });
    expect((await supertest(stack.baseUrl).get('/health/live')).status).toBe(200);
  });
});
