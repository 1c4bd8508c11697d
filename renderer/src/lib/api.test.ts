import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreen, forgetKeptScreens } from './api.js';

type Sent = { url: string; cache: RequestCache | undefined; ifNoneMatch: string | undefined };

/** A server that answers 304 to the tag it gave, the document otherwise. */
function server(screen: unknown, etag = '"tag-1"') {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ url, cache: init.cache, ifNoneMatch: headers['if-none-match'] });
    if (headers['if-none-match'] === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(JSON.stringify(screen), { status: 200, headers: { etag, 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => {
  forgetKeptScreens();
  vi.unstubAllGlobals();
});

describe('screen documents kept in the page by their tags', () => {
  const home = { screen: 'home', layout: [] };

  it('asks again with the tag it kept and draws the kept document on a 304, never using the browser’s cache', async () => {
    const sent = server(home);
    expect(await fetchScreen('/home')).toEqual(home);
    expect(await fetchScreen('/home')).toEqual(home);
    expect(sent.map((s) => s.ifNoneMatch)).toEqual([undefined, '"tag-1"']);
    expect(sent.every((s) => s.cache === 'no-store')).toBe(true);
  });

  it('forgets every kept document when the session changes', async () => {
    const sent = server(home);
    await fetchScreen('/home');
    forgetKeptScreens();
    await fetchScreen('/home');
    expect(sent.map((s) => s.ifNoneMatch)).toEqual([undefined, undefined]);
  });

  it('keeps documents apart by path', async () => {
    const sent = server(home);
    await fetchScreen('/home');
    await fetchScreen('/boletos');
    expect(sent.map((s) => s.ifNoneMatch)).toEqual([undefined, undefined]);
  });
});
