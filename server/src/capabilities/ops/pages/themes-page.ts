import type { FastifyInstance } from 'fastify';
import { partners as partnerCalls } from '../../../../../back-office/index.js';
import { brand } from '../../../composition/partner.js';
import { contrastReport, themeOf, TOKEN_NAMES } from '../../../composition/theme.js';
import { formatDecimal } from '../../../domain/format.js';
import type { PageLoader } from '../console-pages.js';

/** The tokens the theme form offers (each named by the console's text `ops.token.<token>`). */
export const THEME_TOKENS = ['primary', 'onPrimary', 'secondary', 'onSecondary', 'background', 'onBackground'] as const;

/** /ops/temas: each partner's theme drawn with its WCAG AA contrast report; publishers edit its colours. */
export function themesPage(app: FastifyInstance): PageLoader {
  return async ({ text }) => {
    const answer = await app.upstream.request(partnerCalls.list);
    return {
      parceiros: (answer.data ?? []).map((partner) => {
        const published = app.flows.bundle.themes?.find((t) => t.partner === partner.id) ?? null;
        const { branding } = brand(partner);
        const base = { primary: partner.colors?.primary ?? branding.theme.primary, secondary: partner.colors?.secondary ?? branding.theme.secondary };
        const theme = published ? themeOf(published, base) : branding.theme;
        return {
          id: partner.id,
          nome: partner.name,
          tema: { ...theme },
          contraste: contrastReport(theme).map((c) => [
            TOKEN_NAMES[c.foreground],
            TOKEN_NAMES[c.background],
            `${formatDecimal(c.ratio, 2)}:1`,
            text(c.ok ? 'ops.temas.passa' : 'ops.temas.falha'),
          ]),
          campos: {
            parceiro: { type: 'string', title: text('ops.temas.campo-parceiro') },
            ...Object.fromEntries(THEME_TOKENS.map((token) => [token, { type: 'string', title: text('ops.temas.campo', { token: text(`ops.token.${token}`), parceiro: partner.name, nome: token }), maxLength: 7 }])),
          },
          valores: { parceiro: String(partner.id), ...Object.fromEntries(THEME_TOKENS.map((token) => [token, published?.tokens[token] ?? theme[token]])) },
        };
      }),
    };
  };
}
