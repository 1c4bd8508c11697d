/**
 * Where a `navigate` (or a redirect, or a return-to value such as `voltar`) may lead: a path on
 * the origin that serves the app, never another site. Shared by the server (which also requires a
 * known route) and the renderer (which goes to /home instead of anything refused).
 */

/** Longest target accepted (a guard redirect carries the wanted route in its query). */
export const MAX_TARGET_LENGTH = 8192;

/** Where a refused target leads. */
export const FALLBACK_TARGET = '/home';

/** Visible ASCII only: no controls (tab, newline, CR are stripped by URL parsers), no spaces, no look-alike solidus. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** Encoded slash, backslash, dot or control character in the path: a decoding step further on could turn it into another host. */
const ENCODED_IN_PATH = /%(2f|5c|2e|[01][0-9a-f]|7f)/i;

/**
 * The target as a same-origin path (`/path?query#hash`, normalised by the WHATWG URL parser
 * against `origin`), or null when it could leave `origin` or hides how it would: not starting
 * with a single `/`, any control character or non-ASCII character, a backslash, userinfo `@` or
 * an encoded `/`, `\`, `.` or control character in the path.
 */
export function sameOriginPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TARGET_LENGTH) return null;
  if (!VISIBLE_ASCII.test(value) || value.includes('\\')) return null;
  if (value[0] !== '/' || value[1] === '/') return null;
  const path = value.split(/[?#]/, 1)[0]!;
  if (path.includes('@') || ENCODED_IN_PATH.test(path)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
