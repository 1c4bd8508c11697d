/**
 * Every customer-owned resource of the surface (tests/security/surface.ts), requested by an
 * attacker: with another persona's session replaying what the owner's own screens offer (the
 * owner's ids), with no session, and by ids guessed near the attacker's own. Each is refused and
 * nothing of the owner shows: CPF/CNPJ, name, e-mail, group and quota number.
 */
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../server/src/composition/route-table.js';
import { screenText } from '../helpers/api-client.js';
import { allPersonas } from '../helpers/personas.js';
import { collectedStack, guessesNear, harvest, isFile, isRefusal, loggedIn, markersOf, offerAtBackOffice, offered, raw, revealed, upstreamCarried, type Client, type Offered } from './attacker.js';
import { has, ownedResource, properties, readSurface, type Operation } from './surface.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);

const ATTACKER = 'bruno';

/**
 * Where the owner's screens show the ids each owned operation takes, and the actions whose answer
 * shows more (a generated slip, a cancel confirmation). Owners are personas whose state offers it.
 */
const OWNERS: Array<{ owner: string; paths: string[]; follow: string[]; before?: (c: Client) => Promise<void> }> = [
  {
    owner: 'ana',
    paths: ['/groups-and-quotas', '/boletos', '/boletos/listadeboletos', '/bid_history', '/notifications', '/perfil/documentos/demonstrativo', '/perfil/documentos/informe-ir', '/perfil/documentos/comprovante-anual', '/perfil/documentos/2viadecontrato', '/financeiro/extrato-consorciado'],
    follow: ['slips/generate', 'bids/cancel-confirm'],
    before: async () => {
      await offerAtBackOffice(stack, 'ana');
    },
  },
  { owner: 'carla', paths: ['/boletos/renegociar/parcelasdisponiveis'], follow: [] },
];

/** Body fields that address a resource by its id. */
const ID_FIELD = /^(id|id[A-Z]\w*|protocolo|boleto|cobranca|parcelas|atrasadas|processo|hash|pedido)$/;

const hrefPattern = (path: string) => new RegExp(`^${path.replace(/[.?]/g, '\\$&').replace(/\{\w+\}/g, '[^/?#]+')}(\\?.*)?$`);

/** The operation (or parameterised screen route) an offered request reaches. */
function target(offer: Offered): string | null {
  if (offer.kind === 'action') return surface.operations.find((op) => op.action === offer.name)?.key ?? null;
  if (offer.kind === 'get') return surface.operations.find((op) => op.method === 'GET' && op.pathParams.length >= 0 && hrefPattern(op.path).test(offer.href))?.key ?? null;
  const route = matchRoute(surface.routes, offer.to.split('?')[0]!)?.route.path;
  return surface.screens.find((s) => s.params.length > 0 && s.path === route)?.path ?? null;
}

/** The values of an offered request that name a resource: path segments past the template's fixed part, id fields of a body. */
function idValues(offer: Offered): string[] {
  if (offer.kind === 'action') {
    return Object.entries(offer.payload)
      .filter(([k]) => ID_FIELD.test(k))
      .flatMap(([, v]) => (Array.isArray(v) ? v.map(String) : [String(v)]))
      .filter((v) => v !== '');
  }
  const path = offer.kind === 'get' ? offer.href : offer.to;
  const key = target(offer);
  const template = offer.kind === 'get' ? key!.replace(/^GET /, '') : key!;
  const fixed = template.split('/');
  return path
    .split('?')[0]!
    .split('/')
    .filter((seg, i) => fixed[i] !== undefined && /^[{:]/.test(fixed[i]!) && seg !== '');
}

const describeOffer = (o: Offered) => (o.kind === 'action' ? `${o.name} ${JSON.stringify(o.payload)}` : o.kind === 'get' ? `GET ${o.href}` : `screen ${o.to}`);
const same = (a: Offered, b: Offered) => describeOffer(a) === describeOffer(b);

/** What the screens of `key` offer, with the follow-up answers. */
async function offersOf(key: string, paths: readonly string[], follow: readonly string[]): Promise<Offered[]> {
  const { c } = await loggedIn(stack, key);
  const offers = await harvest(c, paths);
  for (const offer of [...offers]) {
    if (offer.kind !== 'action' || !follow.includes(offer.name)) continue;
    const answer = await c.action(offer.name, offer.payload);
    if (answer.body.kind === 'modal') offers.push(...offered(answer.body.modal));
    if (answer.body.kind === 'navigate' || answer.body.kind === 'snackbar') offers.push(...(await harvest(c, [answer.body.to])));
  }
  return offers.filter((o) => target(o) !== null);
}

const ownerOffers: Array<{ owner: string; offer: Offered; key: string }> = [];
for (const { owner, paths, follow, before } of OWNERS) {
  await before?.((await loggedIn(stack, owner)).c);
  for (const offer of await offersOf(owner, paths, follow)) {
    if (!ownerOffers.some((o) => o.owner === owner && same(o.offer, offer))) ownerOffers.push({ owner, offer, key: target(offer)! });
  }
}
const attackerOffers = await offersOf(ATTACKER, ['/groups-and-quotas', '/boletos', '/boletos/listadeboletos', '/bid_history', '/notifications', '/perfil/documentos/demonstrativo', '/perfil/documentos/informe-ir', '/perfil/documentos/comprovante-anual'], ['slips/generate']);
const attackerValues = new Set(attackerOffers.flatMap(idValues));

const ownedOps = surface.operations.filter((op) => ownedResource(op));
const ownedKeys = new Set([...ownedOps.map((op) => op.key), ...surface.screens.filter((s) => s.placement && Array.isArray(s.placement) && s.placement.some((t) => t.startsWith('owned:'))).map((s) => s.path)]);

/** The owner's requests that name something of the owner's only (what the attacker's own screens offer too is no attack). */
const replays = ownerOffers.filter(({ offer, key }) => ownedKeys.has(key) && idValues(offer).some((v) => !attackerValues.has(v)) && !attackerOffers.some((a) => same(a, offer)));

/** Sends an offered request with a cookie (or none). */
function send(offer: Offered, cookie: string | null) {
  const r = raw(stack, cookie);
  if (offer.kind === 'action') return r.action(offer.name, offer.payload);
  if (offer.kind === 'get') return r.get(offer.href);
  return r.screen(offer.to);
}

const othersMarkers = (key: string) => allPersonas().filter((p) => p.key !== key).flatMap((p) => markersOf(p.key));

describe('the owner’s ids are known to the suite', () => {
  /** Owned operations that take an id: in their path, or in an id field of their body. */
  const takesId = (op: Operation) => (op.pathParams.length > 0 && !op.public) || Object.keys(properties(op.body)).some((k) => ID_FIELD.test(k));
  it.each(ownedOps.filter(takesId).map((op) => op.key))('%s: the owner’s screens offer it with the owner’s id (else say in OWNERS where it shows)', (key) => {
    expect(ownerOffers.filter((o) => o.key === key).map((o) => describeOffer(o.offer))).not.toEqual([]);
  });
});

/** The same request with every id replaced by one no customer has: what "does not exist" looks like. */
function missingTwin(offer: Offered, values: readonly string[]): Offered {
  const swap = (v: string) => (values.includes(v) ? '0' : v);
  if (offer.kind === 'action') return { kind: 'action', name: offer.name, payload: Object.fromEntries(Object.entries(offer.payload).map(([k, v]) => [k, ID_FIELD.test(k) ? (Array.isArray(v) ? v.map((x) => swap(String(x))) : typeof v === 'number' ? 0 : swap(String(v))) : v])) };
  if (offer.kind === 'get') return { kind: 'get', href: offer.href.split('/').map(swap).join('/') };
  return { kind: 'screen', to: offer.to.split('/').map(swap).join('/') };
}

/** Refused, or answered exactly as a request for an id that does not exist (a not-found screen). */
async function refusedOrMissing(res: Awaited<ReturnType<typeof send>>, offer: Offered, values: readonly string[], cookie: string): Promise<boolean> {
  if (isRefusal(res) && !isFile(res)) return true;
  if (offer.kind !== 'screen' || res.body?.kind !== 'screen') return false;
  const twin = await send(missingTwin(offer, values), cookie);
  return twin.body?.kind === 'screen' && screenText(twin.body) === screenText(res.body);
}

/** The quota ids the back office was asked about since the last clear. */
async function quotasAsked(): Promise<number[]> {
  return [...new Set((await stack.sandbox.calls()).flatMap((c) => [...`${c.path}`.matchAll(/cotas\/(\d+)/g)].map((m) => Number(m[1]))))];
}
const attackerQuotas = attackerOffers.flatMap((o) => (o.kind === 'action' && o.name === 'quotas/select' ? [Number(o.payload.idCota)] : []));

describe('another persona’s session replays the owner’s own requests', () => {
  it.each(replays.map((r) => [`${r.key} (${r.owner}’s ${describeOffer(r.offer)})`, r] as const))('%s: refused, nothing of the owner shown, no back-office call with the owner’s ids', async (_name, { owner, offer }) => {
    const { cookie } = await loggedIn(stack, ATTACKER);
    await stack.sandbox.clearCalls();
    const res = await send(offer, cookie);
    const ownerIds = idValues(offer).filter((v) => !attackerValues.has(v));
    const carried = offer.kind === 'action' ? await upstreamCarried(stack, ownerIds) : [];
    expect({ refused: await refusedOrMissing(res, offer, ownerIds, cookie), revealed: revealed(res, markersOf(owner)), carried }, JSON.stringify(res.body ?? res.text).slice(0, 300)).toEqual({ refused: true, revealed: [], carried: [] });
  });
});

describe('no session', () => {
  const protectedOps = surface.operations.filter((op) => !has(op, 'public') && (has(op, 'session') || ownedResource(op)));
  it.each(protectedOps.map((op) => op.key))('%s: refused, nothing of any customer shown', async (key) => {
    const op = protectedOps.find((o) => o.key === key)!;
    const mine = ownerOffers.find((o) => o.key === key);
    const offer: Offered = mine?.offer ?? (op.action ? { kind: 'action', name: op.action, payload: {} } : { kind: 'get', href: op.path.replace(/\{\w+\}/g, '1') });
    await stack.sandbox.clearCalls();
    const res = await send(offer, null);
    expect({ refused: isRefusal(res) && !isFile(res), revealed: revealed(res, othersMarkers('')) }).toEqual({ refused: true, revealed: [] });
    expect((await stack.sandbox.calls()).filter((c) => !['versoes', 'parceiros'].includes(c.path))).toEqual([]);
  });

  it('every protected screen route sends to the login and shows nothing of a customer', async () => {
    const wrong: string[] = [];
    for (const screen of surface.screens.filter((s) => s.access === 'protected')) {
      const owner = ownerOffers.find((o) => o.key === screen.path && o.offer.kind === 'screen');
      const path = owner?.offer.kind === 'screen' ? owner.offer.to : screen.path.replace(/:\w+/g, '1');
      const res = await raw(stack, null).screen(path);
      const shown = revealed(res, othersMarkers(''));
      if (!isRefusal(res) || shown.length) wrong.push(`${path}: ${JSON.stringify(res.body).slice(0, 120)} ${shown.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('guessed ids, near the attacker’s own', () => {
  const guessable = attackerOffers.filter((o) => ownedKeys.has(target(o)!) && idValues(o).length > 0);
  const unique = guessable.filter((o, i) => guessable.findIndex((p) => target(p) === target(o)) === i);
  it.each(unique.map((o) => [`${target(o)} (near ${describeOffer(o)})`, o] as const))('%s: refused, nothing of anyone else shown, no back-office call with a guessed id in a body', async (_name, offer) => {
    const { cookie } = await loggedIn(stack, ATTACKER);
    const markers = othersMarkers(ATTACKER);
    for (const value of idValues(offer).filter((v) => attackerValues.has(v)).slice(0, 1)) {
      for (const guess of guessesNear(value).filter((g) => !attackerValues.has(g)).slice(0, 3)) {
        const swap = (v: unknown): unknown => (Array.isArray(v) ? v.map(swap) : String(v) === value ? (typeof v === 'number' ? Number(guess) : guess) : v);
        const guessed: Offered =
          offer.kind === 'action'
            ? { kind: 'action', name: offer.name, payload: Object.fromEntries(Object.entries(offer.payload).map(([k, v]) => [k, ID_FIELD.test(k) ? swap(v) : v])) }
            : offer.kind === 'get'
              ? { kind: 'get', href: offer.href.split('/').map((s) => (s === value ? guess : s)).join('/') }
              : { kind: 'screen', to: offer.to.split('/').map((s) => (s === value ? guess : s)).join('/') };
        await stack.sandbox.clearCalls();
        const res = await send(guessed, cookie);
        // A guess may name the attacker's own resource (a year): then only the attacker's quotas are asked about.
        const foreign = (await quotasAsked()).filter((id) => !attackerQuotas.includes(id));
        const refused = await refusedOrMissing(res, guessed, [guess], cookie);
        const carried = guessed.kind === 'action' ? await upstreamCarried(stack, [guess]) : [];
        expect({ guess: describeOffer(guessed), refusedOrOwn: refused || foreign.length === 0, foreign, revealed: revealed(res, markers), carried }).toEqual({ guess: describeOffer(guessed), refusedOrOwn: true, foreign: [], revealed: [], carried: [] });
      }
    }
  });

  it('a guessed one-use login link opens no session', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', '00000000-0000-0000-0000-000000000000', 'ana', '1']) {
      const res = await raw(stack, null).get(`/login-transparente/${token}`);
      const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
      expect({ token, session: cookies.some((c) => /^(__Host-Http-)?sid=/.test(c)), revealed: revealed(res, othersMarkers('')) }).toEqual({ token, session: false, revealed: [] });
    }
  });
});
