import type { FastifyInstance } from 'fastify';
import { partners as partnerCalls } from '../../../../../back-office/index.js';
import { brand } from '../../../composition/partner.js';
import { contrastReport } from '../../../composition/theme.js';
import type { PageLoader } from '../console-pages.js';
import { gallerySamples } from '../gallery.js';

/** /ops/galeria: every component in every state, in each partner's theme (gallery.ts holds the samples). */
export function galleryPage(app: FastifyInstance): PageLoader {
  return async () => {
    const answer = await app.upstream.request(partnerCalls.list);
    return {
      parceiros: (answer.data ?? []).map((partner) => {
        const { branding, rejected } = brand(partner);
        const sample = { id: partner.id, name: partner.name, theme: branding.theme, report: contrastReport(branding.theme), rejected: rejected.length > 0 };
        return { id: partner.id, nome: partner.name, tema: { ...branding.theme }, amostras: gallerySamples(sample) };
      }),
    };
  };
}
