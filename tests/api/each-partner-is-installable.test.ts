import { PNG } from 'pngjs';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { decodedBody, rawRequest } from '../helpers/raw-http.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const PARTNERS = [
  { host: 'localhost', name: 'Consórcio Aurora', shortName: 'Aurora', primary: '#CE181E' },
  { host: 'horizonte.localhost', name: 'Horizonte Consórcios', shortName: 'Horizonte', primary: '#0B5FA5' },
];

const get = (host: string, path: string) =>
  supertest(stack.baseUrl)
    .get(path)
    .set('host', host)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** The colour of an icon's pixel, as #RRGGBB. */
function pixel(png: PNG, x: number, y: number): string {
  const i = (y * png.width + x) * 4;
  return `#${[0, 1, 2].map((c) => png.data[i + c]!.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

describe.each(PARTNERS)('$name, installed from $host', ({ host, name, shortName, primary }) => {
  it('has a web app manifest with its name, short name, colours, standalone window and icons', async () => {
    const res = await get(host, '/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse((res.body as Buffer).toString('utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name, short_name: shortName, start_url: '/', scope: '/', display: 'standalone', lang: 'pt-BR', theme_color: primary });
    expect(manifest.background_color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(manifest.icons).toEqual([
      { src: '/icones/icone-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icones/icone-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icones/icone-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('draws each icon at the size it declares from the partner’s mark; the maskable and iOS ones full-bleed in its colour', async () => {
    for (const [path, size, fullBleed] of [
      ['/icones/icone-192.png', 192, false],
      ['/icones/icone-512.png', 512, false],
      ['/icones/icone-maskable-512.png', 512, true],
      ['/apple-touch-icon.png', 180, true],
    ] as const) {
      const res = await get(host, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('image/png');
      const png = PNG.sync.read(res.body as Buffer);
      expect([png.width, png.height], path).toEqual([size, size]);
      // The corner: the mask's background in the partner's colour, or the mark's own rounded corner (transparent).
      if (fullBleed) expect(pixel(png, 1, 1), path).toBe(primary);
      else expect(png.data[(1 * png.width + 1) * 4 + 3], path).toBe(0);
      // The middle of the partner's mark is drawn in its colour too (both marks are the partner's colour with a white drawing).
      expect(pixel(png, Math.round(size * 0.3), Math.round(size * 0.3)), path).toBe(primary);
    }
    expect((await get(host, '/icones/icone-64.png')).status).toBe(404);
  });

  it('names the manifest, its theme colour and its iOS icon in every page', async () => {
    const html = decodedBody(await rawRequest(stack.baseUrl, 'GET', '/entrar', { accept: 'text/html', host })).toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain(`<meta name="theme-color" content="${primary}">`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  });

  it('serves the offline page in the partner’s look, with a policy that runs only its own retry script', async () => {
    const res = await get(host, '/sem-conexao');
    expect(res.status).toBe(200);
    const html = (res.body as Buffer).toString('utf8');
    expect(html).toContain('<h1>Sem conexão</h1>');
    expect(html).toContain(`<span>${name}</span>`);
    expect(html).toContain(`background:${primary}`);
    expect(html).toContain('<button type="button" id="tentar">Tentar de novo</button>');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; img-src 'self'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+';/);
  });
});

describe('the service worker’s script', () => {
  it('is served from the root with a policy that lets it fetch from here only, and is checked for a new version at each visit', async () => {
    const res = await get('localhost', '/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'; frame-ancestors 'none'");
  });

  it('is allowed by the page’s policy, as the manifest is', async () => {
    const res = await rawRequest(stack.baseUrl, 'GET', '/entrar', { accept: 'text/html', host: 'localhost' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });
});
