import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * The back office answering as the `realistic` latency profile assumes (docs/performance.md), its
 * draws seeded: the same waits every run, and a seed whose first 299 calls hold no
 * injected error and no wait past the profile's 99th percentile, so that what this journey shows is
 * the slow call it sets up and nothing else. Its errors and tail are the soak's and the bench's.
 */
const stack = useStack({ SANDBOX_LATENCY: 'realistic', SANDBOX_LATENCY_SEED: '298' });
const browser = useBrowser();

/**
 * How long the next-slip call is held: far past its part's budget, and short of the client's wait
 * for an answer's headers (5 s, server/src/upstream/client.ts), past which the call would fail
 * instead of answering late.
 */
const SLOW_MS = 3500;

describe('a slow back-office call never holds the whole home', () => {
  test('ana uses her home while the next-slip call is slow, and the summary appears once it answers, with the back office asked once', async () => {
    const latency = (await (await fetch(`${stack.sandbox.url}/__sandbox/latency`)).json()) as { active: boolean };
    expect(latency.active).toBe(true);
    const sandbox = stack.sandboxApp.sandboxContext!;
    const slipPaths = sandbox.state.quotasOf('ana').map((q) => `cotas/${q.idCota}/cobrancas/segunda-via`);
    for (const path of slipPaths) await stack.sandbox.fault({ method: 'GET', path, delayMs: SLOW_MS, times: 1 });
    const slipCalls = () => sandbox.calls.filter((call) => call.method === 'GET' && slipPaths.includes(call.path));

    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.waitForURL('**/groups-and-quotas');
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');

    // Usable: the greeting, the quota's figures and its shortcuts, with a placeholder where the next slip goes.
    await page.getByRole('heading', { name: 'Olá, Ana' }).waitFor();
    await page.getByText('R$ 61.204,18').waitFor();
    await page.getByRole('link', { name: 'Boletos' }).first().waitFor();
    await page.getByRole('status', { name: 'Carregando o próximo boleto…' }).waitFor();
    // … while the slow call has not answered yet.
    expect(slipCalls()).toHaveLength(1);
    expect(slipCalls()[0]!.endedAt, 'the next-slip call answered before the home was usable').toBeUndefined();
    expect(await page.getByText('Próximo boleto', { exact: true }).count()).toBe(0);

    // Then the summary takes the placeholder's place, from that same call.
    await page.getByText('Próximo boleto', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Gerar boleto' }).first().waitFor();
    await expect.poll(() => page.getByRole('status', { name: 'Carregando o próximo boleto…' }).count()).toBe(0);
    expect(slipCalls()).toHaveLength(1);
    expect(slipCalls()[0]!.endedAt).toBeDefined();
    await page.close();
  });
});
