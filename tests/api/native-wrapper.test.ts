import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from '../../screens/contract/components.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** A renderer of 1.0.0 that draws only the basic components: no banner, key-value, stepper, image, table, conversation. */
const OLD = { 'x-renderer-version': '1.0.0', 'x-renderer-capabilities': 'heading,text,value,button,card,list,form' };
const OLD_TYPES = new Set(OLD['x-renderer-capabilities'].split(','));
const ANDROID = { 'x-client-platform': 'android' };

/** Every node of a screen, fallbacks included (a downgraded screen carries none). */
function everyNode(layout: unknown[]) {
  const out: Array<Record<string, unknown>> = [];
  const walk = (nodes: unknown[]) => {
    for (const n of nodes as Array<Record<string, unknown>>) {
      out.push(n);
      if (Array.isArray(n.items)) walk(n.items);
      if (n.fallback) walk([n.fallback]);
    }
  };
  walk(layout);
  return out;
}

describe('native wrappers and older renderers', () => {
  it('publishes the native contract: every component with its minimum renderer version and fallback, and the bridge messages', async () => {
    const res = await client(stack.baseUrl).agent.get('/api/contract/native.json');
    expect(res.status).toBe(200);
    expect(res.body.components.map((c: { type: string }) => c.type)).toEqual(COMPONENT_TYPES);
    expect(res.body.bridge.messages.map((m: { method: string }) => m.method)).toEqual(expect.arrayContaining(['biometrics', 'push-opt-in', 'status-bar-color', 'share-file']));
  });

  it('serves an older renderer only what it draws, and it still goes from login to home to a generated slip', async () => {
    const c = client(stack.baseUrl);
    const login = await c.screen('/entrar', OLD);
    expect(everyNode(login.body.layout).every((n) => OLD_TYPES.has(n.type as string))).toBe(true);
    await c.loginWithQuota('ana');
    const home = await c.screen('/home', OLD);
    expect(home.body.screen).toBe('home');
    expect(everyNode(home.body.layout).every((n) => OLD_TYPES.has(n.type as string))).toBe(true);
    const hub = await c.screen('/boletos', OLD);
    expect(everyNode(hub.body.layout).every((n) => OLD_TYPES.has(n.type as string))).toBe(true);
    const generate = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
    const generated = await c.action('slips/generate', generate.action.payload);
    expect(generated.body.kind).toBe('navigate');
    const slip = await c.screen(generated.body.to, OLD);
    expect(everyNode(slip.body.layout).every((n) => OLD_TYPES.has(n.type as string))).toBe(true);
    // The barcode image comes as its default fallback, a text of its description; the line stays.
    expect(screenText(slip.body)).toContain('Código de barras do boleto');
    expect(findAll(slip.body.layout, (n) => n.id === 'linha-digitavel')[0].text).toMatch(/^\d{5}\.\d{5} /);
    expect(findAll(slip.body.layout, (n) => n.id === 'baixar-pdf')[0].action.type).toBe('download');
  });

  it('offers sharing the slip PDF inside a wrapper only, with the download as its web path', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const hub = await c.screen('/boletos');
    const generate = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
    const to = (await c.action('slips/generate', generate.action.payload)).body.to as string;
    const share = (doc: { layout: unknown[] }) => findAll(doc.layout, (n) => n.action?.type === 'bridge' && n.action.method === 'share-file')[0];
    expect(share((await c.screen(to)).body)).toBeUndefined();
    const inWrapper = share((await c.screen(to, ANDROID)).body);
    expect(inWrapper.label).toBe('Compartilhar');
    expect(inWrapper.action.args.href).toMatch(/^\/api\/arquivos\/boletos\/\d+$/);
    expect(inWrapper.action.otherwise).toEqual({ type: 'download', href: inWrapper.action.args.href, filename: inWrapper.action.args.filename });
  });

  it('serves the mobile-only biometrics route inside a wrapper and refuses it outside', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const outside = await c.screen('/biometria', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(outside.body).toMatchObject({ kind: 'redirect', to: '/indisponivel' });
    const inside = await c.screen('/biometria', { ...ANDROID, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(inside.body.screen).toBe('biometria');
    // Turning it on asks for the password again first; then the wrapper's prompt.
    expect(findAll(inside.body.layout, (n) => n.id === 'form-confirmar-senha')).toHaveLength(1);
    await c.action('auth/reauthenticate', { senha: persona('ana').password, motivo: 'biometria' }).set(ANDROID);
    const confirmed = await c.screen('/biometria', { ...ANDROID, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(findAll(confirmed.body.layout, (n) => n.action?.type === 'bridge')[0].action).toMatchObject({ method: 'biometrics', args: { enable: true } });
  });
});
