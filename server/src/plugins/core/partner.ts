import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { PartnerBranding } from '../../../../screens/contract/index.js';
import { themeTokens } from '../../domain/theme.js';
import { UpstreamError } from './upstream-client.js';

/** Partner customization as the upstream sends it (spec doc 1 §3). */
export interface Partner {
  id: number;
  name: string;
  colors?: { primary?: string; secondary?: string };
  logo_url?: string | null;
  icon_url?: string | null;
  business_unit_id?: string;
  domain?: string;
  whatsapp_url?: string | null;
  link_atendimento_whatsapp?: string | null;
  prazo_geral_faturamento_bem?: number;
  prazo_pagamento_faturamento?: number;
  /** Origins allowed to frame the app (CSP frame-ancestors); none when absent. */
  frame_ancestors?: string[];
}

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

export function brand(partner: Partner): ResolvedPartner {
  const colors = { primary: partner.colors?.primary ?? DEFAULT_COLORS.primary, secondary: partner.colors?.secondary ?? DEFAULT_COLORS.secondary };
  const branding: PartnerBranding = { id: partner.id, name: partner.name, theme: themeTokens(colors) };
  if (partner.logo_url) branding.logoUrl = partner.logo_url;
  if (partner.icon_url) branding.iconUrl = partner.icon_url;
  return { partner, branding };
}

/**
 * Resolves the partner by the request's host name. Local hosts stand for the development
 * partner's domain. Answers are cached; an unknown domain (RESOURCE_NOT_FOUND) or an upstream
 * failure falls back to the default partner and is not cached, so it is asked again next time.
 */
export default fp(
  async (app) => {
    const cache = new Map<string, { value: ResolvedPartner; at: number }>();
    const ttl = app.config.PARTNER_CACHE_SECONDS * 1000;
    const fallback = brand({ id: 1, name: app.text('app.nome-padrao'), colors: DEFAULT_COLORS });

    async function forDomain(domain: string): Promise<ResolvedPartner> {
      const hit = cache.get(domain);
      if (hit && Date.now() - hit.at < ttl) return hit.value;
      try {
        const partner = await app.upstream.call<Partner>({ method: 'GET', path: 'parceiros/configuracao', query: { domain } });
        // Only https origins reach a header; anything else is dropped.
        partner.frame_ancestors = (partner.frame_ancestors ?? []).filter((o) => typeof o === 'string' && /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o));
        const value = brand(partner);
        cache.set(domain, { value, at: Date.now() });
        return value;
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        if (!err.notFound) app.log.warn({ status: err.status, domain }, 'partner configuration unavailable; using default partner');
        return fallback;
      }
    }

    app.decorate('partners', {
      forRequest(request: FastifyRequest) {
        const host = hostName(request.headers.host);
        return forDomain(LOCAL_HOSTS.has(host) ? app.config.DEV_PARTNER_DOMAIN : host);
      },
    });
  },
  { name: 'partner', dependencies: ['config', 'upstream', 'definitions'] },
);
