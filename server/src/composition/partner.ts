import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { PartnerBranding } from '../../../screens/contract/index.js';
import type { z } from 'zod';
import { partners, type Partner as PartnerSchema } from '../../../back-office/index.js';
import { acceptTheme, assertAccessibleTheme, themeOf, themeTokens, type ContrastCheck } from './theme.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** Partner customization as the upstream sends it (spec doc 1 §3). */
export type Partner = z.infer<typeof PartnerSchema>;

export interface ResolvedPartner {
  partner: Partner;
  branding: PartnerBranding;
}

declare module 'fastify' {
  interface FastifyInstance {
    partners: { forRequest(request: FastifyRequest): Promise<ResolvedPartner> };
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
/** Spec doc 1 §3: default partner id 1 with primary #CE181E, secondary #BA2429. */
const DEFAULT_COLORS = { primary: '#CE181E', secondary: '#BA2429' };

export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').toLowerCase().trim();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

/** The default partner's tokens, checked for WCAG AA when the server starts (partner plugin). */
export const DEFAULT_THEME = themeTokens(DEFAULT_COLORS);

/** The partner's branding; a theme failing WCAG AA is not accepted: the default one is used and `rejected` names why. */
export function brand(partner: Partner): ResolvedPartner & { rejected: ContrastCheck[] } {
  const colors = { primary: partner.colors?.primary ?? DEFAULT_COLORS.primary, secondary: partner.colors?.secondary ?? DEFAULT_COLORS.secondary };
  const { theme, problems } = acceptTheme(themeTokens(colors), DEFAULT_THEME);
  const branding: PartnerBranding = { id: partner.id, name: partner.name, theme };
  if (partner.logo_url) branding.logoUrl = partner.logo_url;
  if (partner.icon_url) branding.iconUrl = partner.icon_url;
  return { partner, branding, rejected: problems };
}

/**
 * Resolves the partner by the request's host name. Local hosts stand for the development
 * partner's domain. The back office's answer is kept by the upstream client (the contract's keep
 * of `partners.configuration`, PARTNER_CACHE_SECONDS) and branded once per kept answer; an unknown
 * domain (RESOURCE_NOT_FOUND) or an upstream failure falls back to the default partner and is not
 * kept, so it is asked again next time.
 */
export default fp(
  async (app) => {
    // Start-up: the default theme must pass WCAG AA, or the server does not start.
    assertAccessibleTheme(DEFAULT_THEME, 'default');
    /** Each kept answer's branding, made once: every request of its life reads the same answer. */
    const branded = new WeakMap<Partner, ResolvedPartner>();
    const { rejected: _none, ...fallback } = brand({ id: 1, name: app.text('app.nome-padrao'), colors: DEFAULT_COLORS });

    async function forDomain(domain: string): Promise<ResolvedPartner> {
      try {
        const answer = await app.upstream.request(partners.configuration, { query: { domain } });
        const hit = branded.get(answer);
        if (hit) return hit;
        // Only https origins reach a header; anything else is dropped.
        const partner = { ...answer, frame_ancestors: (answer.frame_ancestors ?? []).filter((o) => typeof o === 'string' && /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o)) };
        const { rejected, ...value } = brand(partner);
        if (rejected.length) app.log.warn({ partner: partner.id, rejected }, 'partner theme fails WCAG AA contrast; using the default theme');
        branded.set(answer, value);
        return value;
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        if (!err.notFound) app.log.warn({ status: err.status, domain }, 'partner configuration unavailable; using default partner');
        return fallback;
      }
    }

    /** A theme published from the console wins over the back office's colours (if it still passes AA; the analyser refused it otherwise). */
    function withPublishedTheme(value: ResolvedPartner): ResolvedPartner {
      const published = app.hasDecorator('flows') ? app.flows.bundle.themes?.find((t) => t.partner === value.branding.id) : undefined;
      if (!published) return value;
      const base = { primary: value.partner.colors?.primary ?? DEFAULT_COLORS.primary, secondary: value.partner.colors?.secondary ?? DEFAULT_COLORS.secondary };
      const { theme } = acceptTheme(themeOf(published, base), value.branding.theme);
      return { ...value, branding: { ...value.branding, theme } };
    }

    app.decorate('partners', {
      async forRequest(request: FastifyRequest) {
        const host = hostName(request.host);
        // The console's host is no partner's: the default branding, without asking the back office.
        if (host === app.config.consoleHost) return withPublishedTheme(fallback);
        return withPublishedTheme(await forDomain(LOCAL_HOSTS.has(host) ? app.config.DEV_PARTNER_DOMAIN : host));
      },
    });
  },
  { name: 'partner', dependencies: ['config', 'upstream', 'definitions'] },
);
