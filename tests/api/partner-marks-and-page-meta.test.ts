import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const PARTNERS = [
  { name: 'Consórcio Aurora', host: () => `localhost:${stack.port}` },
  { name: 'Horizonte Consórcios', host: () => `horizonte.localhost:${stack.port}` },
];

/** The page as the browser gets it, on a partner's host (no compression asked for). */
function page(path: string, host: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.baseUrl}${path}`, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const attribute = (html: string, element: RegExp, name: string) => new RegExp(`${name}="([^"]*)"`).exec(element.exec(html)?.[0] ?? '')?.[1];

describe.each(PARTNERS)('$name’s marks', ({ name, host }) => {
  it('come with the partner’s configuration as a logo and an icon the browser can load without a session', async () => {
    const { partner } = (await client(stack.baseUrl, host()).screen('/entrar')).body;
    expect(partner.name).toBe(name);
    for (const url of [partner.logoUrl, partner.iconUrl]) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app-cliente\/v1\/arquivos\/publico\/parceiros\/\d+\/(logo|icone)\.svg$/);
      const mark = await fetch(url);
      expect(mark.status).toBe(200);
      expect(mark.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await mark.text()).toMatch(/^<svg /);
    }
    expect(partner.logoUrl).not.toBe(partner.iconUrl);
  });

  it('the login page draws the logo named by the partner, makes the icon the page’s icon and describes the page for search engines and shared links', async () => {
    const { partner } = (await client(stack.baseUrl, host()).screen('/entrar')).body;
    const { status, body } = await page('/entrar', host());
    expect(status).toBe(200);
    const header = body.slice(body.indexOf('<header'), body.indexOf('</header>'));
    expect(header).toContain(`<img class="brand-logo" src="${partner.logoUrl}" alt="${name}"/>`);
    expect(header).not.toContain('brand-name');
    expect(attribute(body, /<link rel="icon"[^>]*>/, 'href')).toBe(partner.iconUrl);
    expect(attribute(body, /<meta name="description"[^>]*>/, 'content')).toMatch(new RegExp(`^${name} — área do cliente: .+\\.$`));
    expect(attribute(body, /<meta property="og:site_name"[^>]*>/, 'content')).toBe(name);
    expect(attribute(body, /<meta property="og:title"[^>]*>/, 'content')).toBe(`Entrar · ${name}`);
    expect(body).toContain(`<title>Entrar · ${name}</title>`);
  });
});

describe('/robots.txt', () => {
  const routes = loadDefinitions().routes;
  /** Whether a crawler may fetch `path` by these rules (the longest matching rule wins; Allow: / is the shortest). */
  const allowed = (robots: string, path: string) =>
    !robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .some((line) => path.startsWith(line.slice('Disallow: '.length)));

  it('is a robots file, not the app’s page', async () => {
    const res = await page('/robots.txt', `localhost:${stack.port}`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*\n/);
    expect(res.body).not.toContain('<html');
  });

  it('disallows everything behind the login, the console and the API, and allows the public pages', async () => {
    const robots = (await page('/robots.txt', `horizonte.localhost:${stack.port}`)).body;
    for (const path of ['/api/screens', '/ops', '/ops/entrar', '/health/ready', '/login-transparente/abc']) expect(allowed(robots, path), path).toBe(false);
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, 'x');
      if ('screen' in route && route.access === 'public') expect(allowed(robots, path), `${route.path} is public`).toBe(true);
      if ('screen' in route && route.access === 'protected') expect(allowed(robots, path), `${route.path} is behind the login`).toBe(false);
    }
    expect(allowed(robots, '/entrar')).toBe(true);
  });
});
