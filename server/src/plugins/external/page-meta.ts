import type { RouteEntry } from '../../../../screens/contract/routes.js';
import { escapeHtml } from './first-screen.js';

/** Areas outside the route table that no search engine should list: the API, the console, probes, one-use login links. */
const PRIVATE_PREFIXES = ['/api/', '/ops', '/health', '/login-transparente/'];

/** A route's fixed part: up to its first parameter (`/notifications/:id` → `/notifications/`). */
function fixedPart(path: string): string {
  const param = path.indexOf('/:');
  return param === -1 ? path : path.slice(0, param + 1);
}

/**
 * The robots file: everything behind the login (every protected route, by whole section where a
 * section has no public page), the console, the API and the probes disallowed; the public pages
 * (login, password recovery) allowed.
 */
export function robotsTxt(routes: readonly RouteEntry[]): string {
  const sections = new Map<string, { isPublic: boolean; privatePaths: string[] }>();
  for (const route of routes) {
    const section = `/${route.path.split('/')[1] ?? ''}`;
    if (section === '/') continue;
    const entry = sections.get(section) ?? { isPublic: false, privatePaths: [] };
    // A redirect is as private as where it leads: it is covered by its section when the section has
    // no public page, and left to its target's own rule in a section that has one.
    if (!('screen' in route)) {
      sections.set(section, entry);
      continue;
    }
    if (route.access === 'public') entry.isPublic = true;
    else entry.privatePaths.push(fixedPart(route.path));
    sections.set(section, entry);
  }
  const disallowed = new Set(PRIVATE_PREFIXES);
  for (const [section, { isPublic, privatePaths }] of [...sections].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isPublic) disallowed.add(section);
    else for (const path of privatePaths) disallowed.add(path);
  }
  return ['User-agent: *', ...[...disallowed].map((path) => `Disallow: ${path}`), 'Allow: /', ''].join('\n');
}

/** Where the partner's web app manifest and its iOS icon are served (capabilities/install). */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';

/** What a page says of itself in its head: for search engines, for a link shared in a chat, and for installing it. */
export interface PageMeta {
  title: string;
  siteName: string;
  description: string;
  iconUrl?: string | undefined;
  /** The partner's primary colour: the browser's bar and the installed app's title bar. */
  themeColor: string;
}

/**
 * The head elements of a page: description, Open Graph title and site name, the partner's icon,
 * and what installing it reads: the manifest, the theme colour, the iOS home-screen icon.
 */
export function headMeta(meta: PageMeta): string {
  const attr = (text: string) => escapeHtml(text);
  return [
    `<link rel="manifest" href="${MANIFEST_PATH}">`,
    ...(/^#[0-9a-f]{3,8}$/i.test(meta.themeColor) ? [`<meta name="theme-color" content="${meta.themeColor}">`] : []),
    `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON_PATH}">`,
    `<meta name="description" content="${attr(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${attr(meta.siteName)}">`,
    `<meta property="og:title" content="${attr(meta.title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    ...(meta.iconUrl && /^(https?:\/\/|\/)/.test(meta.iconUrl) ? [`<link rel="icon" href="${attr(meta.iconUrl)}">`] : []),
  ].join('');
}
