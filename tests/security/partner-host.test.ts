/**
 * Every session presented on the other partner's host is no session there: each protected screen,
 * file and action of the surface answers exactly what it answers to no cookie at all, shows nothing
 * of the session's customer, and asks the back office nothing on the customer's behalf.
 */
import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { collectedStack, hostOf, loggedIn, markersOf, otherHost, raw, revealed, sessionCookie } from './attacker.js';
import { has, ownedResource, readSurface } from './surface.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);

/** Sessions of every kind a customer can hold, each with the host it was made on. */
async function sessions(): Promise<Array<{ name: string; persona: string; cookie: string }>> {
  const ana = await loggedIn(stack, 'ana');
  const marcos = await loggedIn(stack, 'marcos');
  const lara = client(stack.baseUrl, hostOf(stack, 'lara'));
  const pending = sessionCookie(await lara.action('auth/login', { modo: 'documento', documento: persona('lara').document, senha: persona('lara').password }));
  const token = await stack.sandbox.transparentToken('marcos');
  const agent = await raw(stack, null, hostOf(stack, 'marcos')).get(`/login-transparente/${token}`);
  return [
    { name: 'ana’s session (Aurora) on Horizonte', persona: 'ana', cookie: ana.cookie },
    { name: 'marcos’s session (Horizonte) on Aurora', persona: 'marcos', cookie: marcos.cookie },
    { name: 'lara’s session waiting for her code (Aurora) on Horizonte', persona: 'lara', cookie: pending },
    { name: 'a partner agent’s transparent login for marcos (Horizonte) on Aurora', persona: 'marcos', cookie: sessionCookie(agent) },
  ];
}

const protectedOps = surface.operations.filter((op) => !has(op, 'public') && (has(op, 'session') || ownedResource(op)));
/** One route per protected screen (routes of one screen share its loader). */
const protectedScreens = surface.screens.filter((s, i, all) => s.access === 'protected' && all.findIndex((o) => o.screen === s.screen && o.access === 'protected') === i);

const answer = (res: { status: number; body: unknown; text?: string }) => ({ status: res.status, body: res.body && typeof res.body === 'object' && Object.keys(res.body).length ? res.body : res.text });

const all = await sessions();
/** What each request gets with no cookie on a host: the same for every session presented there. */
const anonymousAnswers = new Map<string, unknown>();

describe('a session on the other partner’s host', () => {
  it.each(all.map((s) => [s.name, s] as const))('%s: every protected screen, file and action answers as to no session', async (_name, session) => {
    const host = otherHost(stack, session.persona);
    const markers = markersOf(session.persona);
    const wrong: string[] = [];
    const check = async (what: string, send: (cookie: string | null) => PromiseLike<{ status: number; body: unknown; text?: string }>) => {
      const remembered = `${host} ${what}`;
      if (!anonymousAnswers.has(remembered)) anonymousAnswers.set(remembered, answer(await send(null)));
      const anonymous = anonymousAnswers.get(remembered);
      await stack.sandbox.clearCalls();
      const presented = await send(session.cookie);
      const asked = (await stack.sandbox.calls()).filter((c) => !['versoes', 'parceiros'].includes(c.path) && !c.path.startsWith('parceiros/'));
      const shown = revealed({ body: presented.body, text: presented.text }, markers);
      if (JSON.stringify(answer(presented)) !== JSON.stringify(anonymous)) wrong.push(`${what}: ${JSON.stringify(answer(presented)).slice(0, 140)} (no session: ${JSON.stringify(anonymous).slice(0, 80)})`);
      else if (shown.length || asked.length) wrong.push(`${what}: showed ${shown.join(', ')}; asked ${asked.map((c) => c.path).join(', ')}`);
    };
    for (const screen of protectedScreens) await check(`screen ${screen.path}`, (cookie) => raw(stack, cookie, host).screen(screen.path.replace(/:\w+/g, '1')));
    for (const op of protectedOps) {
      if (op.action) await check(op.key, (cookie) => raw(stack, cookie, host).action(op.action!, {}));
      else await check(op.key, (cookie) => raw(stack, cookie, host).get(op.path.replace(/\{\w+\}/g, '1')));
    }
    expect(wrong).toEqual([]);
  });
});
