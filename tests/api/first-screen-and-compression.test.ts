import { describe, expect, it } from 'vitest';
import { firstScreenElement } from '../../server/src/plugins/external/first-screen.js';
import type { ScreenResponse } from '../../screens/contract/index.js';
import { client } from '../helpers/api-client.js';
import { decodedBody, rawRequest, type RawAnswer } from '../helpers/raw-http.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const raw = (method: string, path: string, headers: Record<string, string> = {}) => rawRequest(stack.baseUrl, method, path, headers);

const decoded = (res: RawAnswer): string => decodedBody(res).toString('utf8');

/** The documents the page carries, keyed by path (null when it carries none). */
function carried(html: string): Record<string, ScreenResponse> | null {
  const m = /<script type="application\/json" id="primeiras-telas" nonce="[^"]+">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, ScreenResponse>) : null;
}

describe('the page carries the first screen', () => {
  it('brings the login screen inside the HTML, never stored by a cache', async () => {
    const res = await raw('GET', '/entrar', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const docs = carried(decoded(res));
    expect(docs?.['/entrar']?.kind).toBe('screen');
  });

  it('brings the customer her own home, and a visitor only the redirect to the login', async () => {
    const ana = client(stack.baseUrl);
    const login = await ana.login('ana');
    const sid = String(([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => /sid=/.test(c))).split(';')[0]!;
    await ana.selectFirstQuota('ana');
    const html = decoded(await raw('GET', '/home', { cookie: sid, 'accept-encoding': 'gzip' }));
    const home = carried(html)?.['/home'];
    expect(home?.kind).toBe('screen');
    expect(JSON.stringify(home)).toContain('Ana');
    // The same document the screen endpoint answers.
    const api = await ana.screen('/home');
    expect(home && home.kind === 'screen' ? home.screen : '').toBe(api.body.screen);

    const visitor = carried(decoded(await raw('GET', '/home')));
    // The redirects are followed on the server: the renderer draws the login at once.
    expect(visitor?.['/home']?.kind).toBe('redirect');
    expect(Object.values(visitor ?? {}).filter((d) => d.kind === 'screen').map((d) => d.kind === 'screen' && d.screen)).toHaveLength(1);
    expect(JSON.stringify(visitor)).not.toContain('Ana');
  });

  it('carries nothing on HEAD, and no text of a document can close its element', async () => {
    const head = await raw('HEAD', '/entrar');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const element = firstScreenElement({ '/x': { kind: 'redirect', to: '/</script><script>alert(1)</script>' } as unknown as ScreenResponse }, 'n');
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>(.*)<\/script>$/.exec(element)![1]!)['/x'].to).toBe('/</script><script>alert(1)</script>');
  });
});

describe('screen documents are compressed by Accept-Encoding', () => {
  it('decode to the same JSON in brotli, gzip and as they are', async () => {
    const plain = await raw('GET', '/api/screens?path=/entrar');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    const br = await raw('GET', '/api/screens?path=/entrar', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decoded(br))).toEqual(json);
    const gz = await raw('GET', '/api/screens?path=/entrar', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(json);
    for (const r of [br, gz]) expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('answer *, unknown and refused codings without an error', async () => {
    const star = await raw('GET', '/api/screens?path=/entrar', { 'accept-encoding': '*' });
    expect(star.status).toBe(200);
    expect(star.headers['content-encoding']).toBe('gzip');
    for (const ae of ['x-unknown', 'identity', 'br;q=0, gzip;q=0', ';;;,,q=abc']) {
      const res = await raw('GET', '/api/screens?path=/entrar', { 'accept-encoding': ae });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString('utf8')).kind).toBe('screen');
    }
  });

  it('leave small answers as they are', async () => {
    const res = await raw('GET', '/api/screens?path=/home', { 'accept-encoding': 'br' });
    expect(JSON.parse(decoded(res)).kind).toBe('redirect');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('name the coding in the tag and still answer 304 to it', async () => {
    const ana = client(stack.baseUrl);
    const login = await ana.login('ana');
    const sid = String(([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => /sid=/.test(c))).split(';')[0]!;
    const br = await raw('GET', '/api/screens?path=/groups-and-quotas', { cookie: sid, 'accept-encoding': 'br' });
    const plain = await raw('GET', '/api/screens?path=/groups-and-quotas', { cookie: sid });
    expect(br.headers.etag).toMatch(/-br"$/);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await raw('GET', '/api/screens?path=/groups-and-quotas', { cookie: sid, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
