import { partners } from '../../../screens/back-office/index.js';
import { serve } from '../contract.js';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { PartnerFixture } from '../personas.js';
import { invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';

const EXTRAS = JSON.parse(readFileSync(new URL('../../fixtures/partner-extras.json', import.meta.url), 'utf8')) as Record<string, { frame_ancestors?: string[]; whatsapp_url?: string; link_atendimento_whatsapp?: string }>;

/** A partner's customization as parceiros/configuracao answers it (spec doc 1 §3). */
function partnerView(partner: PartnerFixture) {
  return {
    frame_ancestors: EXTRAS[String(partner.id)]?.frame_ancestors ?? [],
    id: partner.id,
    name: partner.name,
    domain: partner.domain,
    business_unit_id: partner.business_unit_id,
    colors: partner.colors,
    logo_url: null,
    icon_url: null,
    whatsapp_url: EXTRAS[String(partner.id)]?.whatsapp_url ?? null,
    link_atendimento_whatsapp: EXTRAS[String(partner.id)]?.link_atendimento_whatsapp ?? null,
    prazo_geral_faturamento_bem: partner.prazo_geral_faturamento_bem,
    prazo_pagamento_faturamento: partner.prazo_pagamento_faturamento,
  };
}

/** Partner and content routes (spec doc 1 §7): parceiros, configuracao?domain, {id}/warnings, versoes. */
export default async function partnerRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, partners.list, async () => ({ data: [...state.partners.values()].map(partnerView) }));

  serve(app, partners.configuration, async (request, reply) => {
    const domain = (request.query as { domain?: string }).domain?.trim().toLowerCase();
    if (!domain) return invalid(reply, 'O parâmetro domain é obrigatório.');
    const partner = [...state.partners.values()].find((p) => p.domain === domain);
    return partner ? partnerView(partner) : notFound(reply, 'Parceiro não encontrado.');
  });

  serve(app, partners.warnings, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const warnings = state.warnings.get(id);
    return warnings ? { data: warnings } : notFound(reply, 'Parceiro não encontrado.');
  });

  serve(app, partners.versions, async () => ({ data: state.versions }));
}
