import type { PartnerBranding } from '../../../../screens/contract/index.js';
import { APPLE_TOUCH_ICON_PATH } from '../../plugins/external/page-meta.js';

/** The icons a partner's installed app is drawn with: what Android asks for (192, 512, a maskable 512) and iOS (180, apple-touch-icon). */
export const ICONS = {
  'icone-192': { size: 192, maskable: false, path: '/icones/icone-192.png' },
  'icone-512': { size: 512, maskable: false, path: '/icones/icone-512.png' },
  'icone-maskable-512': { size: 512, maskable: true, path: '/icones/icone-maskable-512.png' },
  'apple-touch-icon': { size: 180, maskable: true, path: APPLE_TOUCH_ICON_PATH },
} as const;
export type IconName = keyof typeof ICONS;

/** The offline page the service worker keeps (renderer/src/service-worker/worker.ts names it too). */
export const OFFLINE_PATH = '/sem-conexao';

/** A home screen shows about 12 characters under an icon. */
const SHORT_NAME_LENGTH = 12;

/**
 * The name under the icon: the partner's name when it fits, otherwise its name without the words
 * every partner shares (`generic`, from the texts: "Consórcio Aurora" → "Aurora"), or, when
 * nothing is left, the name as it is (the home screen cuts it).
 */
export function shortName(name: string, generic: readonly string[]): string {
  if (name.length <= SHORT_NAME_LENGTH) return name;
  const shared = new Set(generic.map((word) => word.toLocaleLowerCase('pt-BR')));
  const own = name.split(/\s+/).filter((word) => word !== '' && !shared.has(word.toLocaleLowerCase('pt-BR')));
  return own.length > 0 ? own.join(' ') : name;
}

/**
 * The partner's web app manifest (W3C Web Application Manifest): its name, its colours (the theme
 * the pages are drawn with, so the installed app's title bar and splash match them), opening at
 * the app's root in its own window, and its icons drawn from the partner's mark (icons.ts).
 */
export function webManifest(branding: PartnerBranding, texts: { description: string; genericWords: readonly string[] }) {
  return {
    id: '/',
    name: branding.name,
    short_name: shortName(branding.name, texts.genericWords),
    description: texts.description,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: branding.theme.primary,
    background_color: branding.theme.background,
    icons: Object.values(ICONS)
      .filter((icon) => icon.path.startsWith('/icones/'))
      .map((icon) => ({ src: icon.path, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.maskable ? 'maskable' : 'any' })),
  };
}
