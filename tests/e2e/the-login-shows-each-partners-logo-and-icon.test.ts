import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('the login shows the partner’s mark', () => {
  test.each([
    { partner: 'Consórcio Aurora', host: 'localhost' },
    { partner: 'Horizonte Consórcios', host: 'horizonte.localhost' },
  ])('$partner: the logo, named by the partner, drawn in the header; the icon is the page’s icon', async ({ partner, host }) => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await page.goto(`http://${host}:${stack.port}/entrar`);
    const logo = page.getByRole('banner').getByRole('img', { name: partner, exact: true });
    await logo.waitFor();
    // Loaded from the back office's address (the page's policy allows it), not a broken image.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The name is the logo's alternative text, not a second text beside it.
    await expect.poll(() => page.getByRole('banner').getByText(partner, { exact: true }).count()).toBe(0);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/\/parceiros\/\d+\/icone\.svg$/);
    expect((await fetch(icon!)).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    await page.close();
  });
});
