import { describe, expect, test } from 'vitest';
import { COMPONENT_SINCE, COMPONENT_TYPES } from '../../screens/contract/components.js';
import { compareVersions } from '../../server/src/composition/capabilities.js';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { openInWrapper } from '../helpers/wrapper.js';

const stack = useStack();
const browser = useBrowser();
const NEWER = new Set<string>(COMPONENT_TYPES.filter((t) => compareVersions(COMPONENT_SINCE[t], '1.0.0') > 0));
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 32)]);

function typesIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) typesIn(v, out);
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (typeof node.type === 'string') out.add(node.type);
    for (const v of Object.values(node)) typesIn(v, out);
  }
  return out;
}

describe('server-owned versioning in a real browser', () => {
  test('delta, in an Android wrapper whose renderer says 1.0.0, gets no newer component and goes login → home → cash-billing documents → analysis → a slip', async () => {
    await stack.sandbox.reset();
    const wrapper = await openInWrapper(browser, 'android');
    const { page } = wrapper;
    // The wrapper ships an older renderer: every request says 1.0.0 and declares no capability list.
    await page.route('**/api/**', (route) => {
      const headers: Record<string, string> = { ...route.request().headers(), 'x-renderer-version': '1.0.0' };
      delete headers['x-renderer-capabilities'];
      return route.continue({ headers });
    });
    const received = new Set<string>();
    // Screens come as answers to /api/screens, and inside an action's answer that leads to one.
    page.on('response', (res) => {
      if (res.url().includes('/api/screens')) void res.json().then((body: unknown) => typesIn((body as { layout?: unknown }).layout, received), () => undefined);
      if (res.url().includes('/api/actions/')) void res.json().then((body: unknown) => typesIn((body as { screen?: { layout?: unknown } }).screen?.layout, received), () => undefined);
    });

    await loginInBrowser(page, stack.baseUrl, persona('delta'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.getByText('Parabéns, sua cota foi contemplada!').waitFor();
    await page.getByRole('button', { name: 'Ver próximos passos' }).first().click();
    await page.waitForURL('**/faturamentoespecie/documento-rejeitado');
    await page.getByText('Contrato social e última alteração').waitFor();
    await page.getByRole('button', { name: 'Reenviar documentos' }).click();
    await page.waitForURL('**/faturamentoespecie/anexar-documentos');
    const inputs = page.locator('input[type=file]');
    await inputs.first().waitFor();
    await inputs.nth(0).setInputFiles({ name: 'contrato-social.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(1).setInputFiles({ name: 'endereco.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.waitForURL('**/faturamentoespecie/analisandoinformacoes-pj');
    await page.getByText('Analisando os documentos da empresa').waitFor();

    await page.goto(`${stack.baseUrl}/boletos`);
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    await page.getByText(/^\d{5}\.\d{5} /).first().waitFor();

    expect(received.has('heading')).toBe(true);
    expect([...received].filter((t) => NEWER.has(t))).toEqual([]);
    await wrapper.context.close();
  });
});
