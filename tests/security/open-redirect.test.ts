/**
 * Every redirect-bearing parameter of the surface — action fields named as a return-to (OpenAPI)
 * and screens whose layout carries the return-to (route table) — fed a corpus of open-redirect
 * payloads: wherever the answer sends the person is a path of a known route on the same origin,
 * and a refused return-to lands on /home.
 */
import { describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { collectedStack, destinationProblem, destinations, firstQuotaId, REDIRECT_PAYLOADS, type Client } from './attacker.js';
import { REDIRECT_CONTEXTS, type RedirectContext } from './drivers/redirects.js';
import { readSurface, redirectFields } from './surface.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);
const origin = stack.baseUrl;

const problems = (body: unknown) => destinations(body).flatMap((to) => destinationProblem(to, origin, surface.routes) ?? []);

/** A client in the session the context asks for. */
async function sessionFor(context: Pick<RedirectContext, 'persona' | 'session'>): Promise<Client> {
  const c = client(stack.baseUrl);
  if (context.session === 'none') return c;
  await c.login(context.persona);
  return c;
}

const redirectActions = surface.operations.filter((op) => redirectFields(op).length > 0);

describe('redirect-bearing action fields', () => {
  it.each(redirectActions.map((op) => op.key))('%s: every payload of the corpus ends on a known path of this site', async (key) => {
    const context = REDIRECT_CONTEXTS[key];
    expect(context, `${key} has a return-to but no context in tests/security/drivers/redirects.ts`).toBeDefined();
    const op = redirectActions.find((o) => o.key === key)!;
    const [field] = redirectFields(op);
    const payloads = context!.once ?? REDIRECT_PAYLOADS;
    const wrong: string[] = [];
    let shared: Client | undefined;
    for (const payload of payloads) {
      const c = context!.once || !shared ? await sessionFor(context!) : shared;
      shared = c;
      const body: Record<string, unknown> = { ...context!.body, [field!]: payload };
      if (body.idCota === 'quota') body.idCota = await firstQuotaId(c);
      if (key === 'auth/otp-verify') {
        await c.action('auth/otp-confirm-document', { documento: REDIRECT_CONTEXTS['auth/otp-confirm-document']!.body.documento });
        body.codigo = await stack.sandbox.lastCode();
      }
      const res = await c.action(key, body);
      const found = problems(res.body);
      if (destinations(res.body).length === 0) found.push(`no destination to check: ${JSON.stringify(res.body).slice(0, 160)}`);
      if (key === 'quotas/select' && res.body.to !== '/home') found.push(`a refused return-to lands on /home, not ${JSON.stringify(res.body.to)}`);
      if (found.length) wrong.push(`${JSON.stringify(payload)} → ${found.join('; ')}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('redirect-bearing screens', () => {
  const screens = surface.screens.filter((s) => s.redirectBearing && s.params.length === 0);
  const contextOf = (path: string): Pick<RedirectContext, 'persona' | 'session'> =>
    path.startsWith('/entrar/verificacao/') ? { persona: 'lara', session: 'code-pending' } : surface.screens.find((s) => s.path === path)!.access === 'public' ? { persona: 'ana', session: 'none' } : { persona: 'ana', session: 'logged-in' };

  it.each(screens.map((s) => s.path))('%s?voltar=… : every link, submit and redirect of the answer stays on a known path of this site', async (path) => {
    const c = await sessionFor(contextOf(path));
    if (contextOf(path).session === 'logged-in' && path !== '/groups-and-quotas') await c.selectFirstQuota();
    const wrong: string[] = [];
    for (const payload of REDIRECT_PAYLOADS) {
      let to = `${path}?voltar=${encodeURIComponent(payload)}`;
      for (let hop = 0; hop < 4; hop++) {
        const res = await c.screen(to);
        const found = problems(res.body);
        if (found.length) wrong.push(`${JSON.stringify(payload)} at ${to} → ${found.join('; ')}`);
        if (res.body.kind !== 'redirect' || found.length) break;
        to = res.body.to;
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the login journey with a return-to', () => {
  it('carries no payload off the site: login → quota list → quota chosen lands on /home', async () => {
    const wrong: string[] = [];
    const ana = REDIRECT_CONTEXTS['auth/login']!.body;
    for (const payload of REDIRECT_PAYLOADS) {
      const c = client(stack.baseUrl);
      const login = await c.action('auth/login', { ...ana, voltar: payload });
      let to: string = login.body.to;
      for (let hop = 0; hop < 4 && to; hop++) {
        const screen = await c.screen(to);
        if (screen.body.kind === 'redirect') {
          to = screen.body.to;
          continue;
        }
        const card = findAll(screen.body.layout ?? [], (n) => n.type === 'card' && String(n.id).startsWith('cota-'))[0];
        if (!card) break;
        const chosen = await c.action(card.action.action.action, card.action.action.payload);
        to = chosen.body.to;
        break;
      }
      const problem = destinationProblem(to, origin, surface.routes);
      if (problem || to !== '/home') wrong.push(`${JSON.stringify(payload)} → ${to} ${problem ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });
});
