/**
 * What the service worker keeps on the device: the offline page and its icon (paths the server
 * answers, server/src/capabilities/install/web-manifest.ts), in one cache named with its version.
 */
export const OFFLINE_PAGE = '/sem-conexao';
export const KEPT: readonly string[] = [OFFLINE_PAGE, '/icones/icone-192.png'];
export const KEPT_CACHE = 'sem-conexao-v1';
