import supertest from 'supertest';
import { authenticatorOf, readStaffFile } from '../../sandbox/src/identity-provider/accounts.js';
import { START_PATH } from '../../server/src/capabilities/ops/sign-in/sign-in-page.js';
import { CONSOLE_HOST, consoleClient } from './console-host.js';

/** A sandbox staff member's account (sandbox/fixtures/staff.json). */
export function staffAccount(login: string) {
  const account = readStaffFile().find((a) => a.login === login);
  if (!account) throw new Error(`no sandbox staff account ${login}`);
  return account;
}

/** The six digits the staff member's authenticator shows now, as `npm run staff:code` prints them. */
export function staffCode(login: string): string {
  return authenticatorOf(staffAccount(login)).generate();
}

/** The cookies a response sets, as `name=value` (an emptied one dropped). */
function setCookies(header: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of [header ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    out.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return out;
}

/** A browser's cookie jar for the identity provider's own host (one host: names are enough). */
class ProviderBrowser {
  private readonly jar = new Map<string, string>();

  async send(url: string, form?: Record<string, string>): Promise<Response> {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const [name, value] of setCookies(res.headers.getSetCookie())) {
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return res;
  }

  /** Follows the provider's redirects while they stay on `origin`; answers the last answer and where it was. */
  async follow(url: string, origin: string): Promise<{ res: Response; url: string }> {
    let at = url;
    let res = await this.send(at);
    while (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, at);
      if (next.origin !== origin) return { res, url: next.href };
      at = next.href;
      res = await this.send(at);
    }
    return { res, url: at };
  }
}

export interface ProviderSignInOutcome {
  /** The console's session cookie (`name=value`), or null when the console refused the sign-in. */
  cookie: string | null;
  /** Where the console sent the browser: /ops, or /ops/entrar?erro=… */
  landed: string;
  /** Every Set-Cookie line the console answered on the way (its pending sign-in's, its session's). */
  setCookieLines: string[];
}

/**
 * Signs a sandbox staff member in to the console as a browser does, over HTTP: the console's
 * start page, the sandbox identity provider's password and authenticator-code pages, the
 * console's return page. The product's own OpenID Connect code runs; nothing is bypassed.
 */
export async function signInAtProvider(baseUrl: string, login: string, options: { password?: string; code?: string | null; host?: string } = {}): Promise<ProviderSignInOutcome> {
  const host = options.host ?? `${CONSOLE_HOST}:${new URL(baseUrl).port}`;
  const server = (path: string, cookie = '') => supertest(baseUrl).get(path).set('host', host).set('cookie', cookie).redirects(0);
  const start = await server(START_PATH);
  if (start.status !== 303) throw new Error(`the console's sign-in did not start: ${start.status} ${start.headers.location ?? ''}`);
  const pending = [...setCookies(start.headers['set-cookie'])].map(([k, v]) => `${k}=${v}`).join('; ');
  const provider = new ProviderBrowser();
  const origin = new URL(start.headers.location!).origin;
  const form = await provider.follow(start.headers.location!, origin);
  const uid = /\/interaction\/([\w-]+)$/.exec(new URL(form.url).pathname)?.[1];
  if (!uid) throw new Error(`the provider showed no sign-in page: ${form.url}`);
  let answer = await provider.send(`${origin}/interaction/${uid}/senha`, { login, senha: options.password ?? staffAccount(login).password });
  if (answer.status === 200 && options.code !== null) answer = await provider.send(`${origin}/interaction/${uid}/codigo`, { codigo: options.code ?? staffCode(login) });
  if (answer.status < 300 || answer.status >= 400) throw new Error(`the provider refused the sign-in of ${login}: ${answer.status} ${(await answer.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 300)}`);
  const back = await provider.follow(new URL(answer.headers.get('location')!, origin).href, origin);
  const returned = new URL(back.url);
  const done = await server(`${returned.pathname}${returned.search}`, pending);
  const staffCookie = [...setCookies(done.headers['set-cookie'])].find(([name, value]) => /ops_sid$/.test(name) && value);
  const lines = [start, done].flatMap((res) => [res.headers['set-cookie'] ?? []].flat() as string[]);
  return { cookie: staffCookie ? `${staffCookie[0]}=${staffCookie[1]}` : null, landed: done.status === 200 ? '/ops' : String(done.headers.location), setCookieLines: lines };
}

/** A console client (cookies of its own, on the console's host) signed in as a sandbox staff member. */
export async function staffClient(baseUrl: string, login: string) {
  const { cookie, landed } = await signInAtProvider(baseUrl, login);
  if (!cookie) throw new Error(`the console refused the sign-in of ${login}: ${landed}`);
  const c = consoleClient(baseUrl);
  c.agent.jar.setCookie(`${cookie}; Path=/`, 'localhost', '/');
  return c;
}
