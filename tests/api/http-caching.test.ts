import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { decodedBody, rawRequest } from '../helpers/raw-http.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const raw = (method: string, path: string, headers: Record<string, string> = {}) => rawRequest(stack.baseUrl, method, path, headers);

const entry = readdirSync('dist/renderer/assets').find((f) => /^index-.*\.js$/.test(f))!;
const asset = `/assets/${entry}`;
const original = readFileSync(`dist/renderer/assets/${entry}`);

describe('hashed assets', () => {
  it('are answered in brotli to a browser that accepts it, immutable for a year', async () => {
    const res = await raw('GET', asset, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true);
    expect(res.body.length).toBeLessThan(original.length / 2);
  });

  it('are answered in gzip when brotli is not accepted', async () => {
    const res = await raw('GET', asset, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).equals(original)).toBe(true);
  });

  it('are answered as they are without Accept-Encoding, or with only an unknown encoding', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'x-unknown' }, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await raw('GET', asset, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(original)).toBe(true);
    }
  });

  it('answer Accept-Encoding: * with a compressed copy the client can read', async () => {
    const res = await raw('GET', asset, { 'accept-encoding': '*' });
    expect(res.status).toBe(200);
    expect(decodedBody(res).equals(original)).toBe(true);
  });

  it('ignore a Range header and answer the whole file', async () => {
    for (const range of ['bytes=0-99', 'bytes=999999999-', 'bytes=abc', 'lines=1-2']) {
      const res = await raw('GET', asset, { range, 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(gunzipSync(res.body).equals(original)).toBe(true);
    }
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const res = await raw('HEAD', asset, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBe(0);
  });

  it('never serve the compressed copies or the page template by their own names', async () => {
    const br = await raw('GET', `${asset}.br`);
    expect(br.headers['content-type']).toMatch(/text\/html/);
    const page = await raw('GET', '/index.html');
    expect(page.body.toString()).not.toContain('CSP_NONCE_PLACEHOLDER');
    expect(page.headers['cache-control']).toBe('no-store');
  });
});

describe('the page', () => {
  it('is never stored by any cache and carries a fresh nonce', async () => {
    const a = await raw('GET', '/entrar', { 'accept-encoding': '*' });
    const b = await raw('GET', '/entrar');
    expect(a.status).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await raw('HEAD', '/home');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.length).toBe(0);
  });
});

describe('screen documents', () => {
  it('are never stored by a shared cache and answer HEAD', async () => {
    const get = await raw('GET', '/api/screens?path=/entrar', { 'accept-encoding': '*' });
    expect(get.status).toBe(200);
    expect(String(get.headers['cache-control'])).toMatch(/private|no-store/);
    const head = await raw('HEAD', '/api/screens?path=/entrar');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/application\/json/);
    expect(head.body.length).toBe(0);
  });
});

describe('screen documents by ETag', () => {
  it('answers an unchanged screen with 304 and no body; a protected route’s document is stored by no cache', async () => {
    const ana = client(stack.baseUrl);
    await ana.login('ana');
    const first = await ana.screen('/groups-and-quotas');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(String(first.headers.vary)).toMatch(/cookie/i);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}(?:-br|-gzip)?"$/);
    const again = await ana.screen('/groups-and-quotas', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const weak = await ana.screen('/groups-and-quotas', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.status).toBe(304);
    const stale = await ana.screen('/groups-and-quotas', { 'if-none-match': '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect(stale.body.screen).toBe('groups-and-quotas');
  });

  it('lets only the customer’s browser keep a public route’s document, revalidated each time', async () => {
    const visitor = client(stack.baseUrl);
    const login = await visitor.screen('/login');
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('private, no-cache');
    expect((await visitor.screen('/login', { 'if-none-match': login.headers.etag as string })).status).toBe(304);
  });

  it('stores no protected document anywhere, on every protected route a customer opens', async () => {
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    for (const path of ['/home', '/boletos', '/financeiro', '/perfil', '/perfil/documentos', '/assembleias']) {
      const res = await ana.screen(path);
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 200, 'private, no-store']);
    }
  });

  it('never matches a tag another session learnt, even for the same document', async () => {
    const first = client(stack.baseUrl);
    const second = client(stack.baseUrl);
    await first.login('ana');
    await second.login('ana');
    const a = await first.screen('/groups-and-quotas');
    const b = await second.screen('/groups-and-quotas', { 'if-none-match': a.headers.etag as string });
    expect(b.status).toBe(200);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect(b.body.screen).toBe('groups-and-quotas');
  });

  it('asks the browser to drop its cached screens at logout', async () => {
    const ana = client(stack.baseUrl);
    await ana.login('ana');
    const out = await ana.action('auth/logout');
    expect(out.headers['clear-site-data']).toBe('"cache"');
  });
});
