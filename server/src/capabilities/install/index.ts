import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MANIFEST_PATH } from '../../plugins/external/page-meta.js';
import { iconStore, type IconSpec } from './icons.js';
import { offlinePage } from './offline-page.js';
import { ICONS, OFFLINE_PATH, webManifest, type IconName } from './web-manifest.js';

/** Drawn from the partner's theme and logo alone: answered without a session, nothing of a customer in them. */
const PUBLIC = { schema: { security: [] as [] } };

const IconParams = z.object({ name: z.enum(['icone-192', 'icone-512', 'icone-maskable-512']) });

/**
 * The app installable per partner: its web app manifest, its icons drawn from the partner's mark
 * and colours (kept in memory), and the offline page the service worker keeps
 * (renderer/src/service-worker/). Each answers for the partner of the host it is asked on, and
 * none carries anything of a customer.
 */
export default async function install(app: FastifyInstance) {
  const icon = iconStore();

  async function sendIcon(request: FastifyRequest, name: IconName) {
    const { branding } = await app.partners.forRequest(request);
    const spec: IconSpec = ICONS[name];
    return icon(spec, { url: branding.iconUrl ?? branding.logoUrl, name: branding.name, background: branding.theme.primary, onBackground: branding.theme.onPrimary });
  }

  app.get(MANIFEST_PATH, PUBLIC, async (request, reply) => {
    const { branding } = await app.partners.forRequest(request);
    const manifest = webManifest(branding, {
      description: app.text('app.descricao', { parceiro: branding.name }),
      genericWords: app.text('instalar.palavras-genericas').split(/\s+/),
    });
    return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(manifest));
  });

  app.get('/icones/:name.png', PUBLIC, async (request, reply) => {
    const params = IconParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await sendIcon(request, params.data.name));
  });

  app.get(ICONS['apple-touch-icon'].path, PUBLIC, async (request, reply) => reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await sendIcon(request, 'apple-touch-icon')));

  // Fetched by the service worker when it installs, and kept on the device; asked again on each install.
  app.get(OFFLINE_PATH, PUBLIC, async (request, reply) => {
    const { branding } = await app.partners.forRequest(request);
    const { html, csp } = offlinePage(branding, { title: app.text('offline.titulo'), text: app.text('offline.texto'), retry: app.text('offline.tentar') });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp).send(html);
  });
}
