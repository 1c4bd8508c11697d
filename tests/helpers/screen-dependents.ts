import { declaredEndpoints, endpointOfCall } from '../../back-office/catalogue.js';
import { partners } from '../../back-office/index.js';
import type { ScreenDependents } from '../../server/src/capabilities/contract/back-office-openapi.js';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client } from './api-client.js';
import { concrete, generateJourneys } from './journeys.js';
import { partner, type Persona } from './personas.js';
import type { Stack } from './stack.js';


/** The routes the generated journeys reach on the web (mobile-only routes are drawn for phones). */
export function journeyRoutes(): Array<{ path: string; public: boolean }> {
  const definitions = loadDefinitions();
  return generateJourneys(definitions.routes, definitions.flows)
    .filter((j) => !j.steps.some((s) => s.kind === 'use-phone'))
    .map((j) => ({ path: j.path, public: !j.steps.some((s) => s.kind === 'login') }));
}

/**
 * Which back-office calls each app route's screen makes: every journey route opened (public ones
 * before login, the others as each persona with its first quota), the sandbox's recorded calls of
 * each request mapped to their declaration. Personas whose login is its own journey are skipped.
 */
export async function recordScreenDependents(stack: Stack, personas: readonly Persona[]): Promise<ScreenDependents> {
  const declared = declaredEndpoints();
  const routes = journeyRoutes();
  const found = new Map<string, Set<string>>();
  const open = async (c: ReturnType<typeof client>, route: string) => {
    // A screen depends on a call whether or not an earlier screen's answer is still kept (the
    // partner's configuration and the app versions stay, as the test stack keeps them).
    await stack.app.upstream.kept?.forgetAll([partners.configuration, partners.versions]);
    await stack.sandbox.clearCalls();
    await c.screen(concrete(route));
    for (const call of await stack.sandbox.calls()) {
      const hit = endpointOfCall(call.method, call.path, declared);
      if (hit) found.set(hit.name, (found.get(hit.name) ?? new Set()).add(route));
    }
  };
  const hostOf = (partnerId: number) => (partnerId === 1 ? undefined : partner(partnerId).domain);
  for (const partnerId of new Set(personas.map((p) => p.partner))) {
    const c = client(stack.baseUrl, hostOf(partnerId));
    for (const route of routes.filter((r) => r.public)) await open(c, route.path);
  }
  for (const someone of personas) {
    await stack.sandbox.reset();
    const c = client(stack.baseUrl, hostOf(someone.partner));
    try {
      await c.loginWithQuota(someone.key);
    } catch {
      continue;
    }
    for (const route of routes.filter((r) => !r.public)) await open(c, route.path);
  }
  return Object.fromEntries([...found].map(([name, screens]) => [name, [...screens].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}
