import { partners } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PartnerFixture } from '../personas.js';
import { BASE_PATH, invalid, notFound, PUBLIC_FILES } from '../http.js';
import type { SandboxContext } from '../context.js';

interface PartnerExtras {
  frame_ancestors?: string[];
  whatsapp_url?: string;
  link_atendimento_whatsapp?: string;
  /** SVG files beside partner-extras.json: the partner's logo and icon. */
  logo?: string;
  icon?: string;
}

const FIXTURES = new URL('../../fixtures/', import.meta.url);
const EXTRAS = JSON.parse(readFileSync(new URL('partner-extras.json', FIXTURES), 'utf8')) as Record<string, PartnerExtras>;

/** The partners' marks, as the administrator's CDN serves them to any browser (no token): logo.svg and icone.svg. */
const MARKS: Record<string, Record<string, Buffer>> = Object.fromEntries(
  Object.entries(EXTRAS)
    .filter(([id]) => /^\d+$/.test(id))
    .map(([id, extras]) => [id, Object.fromEntries([['logo.svg', extras.logo], ['icone.svg', extras.icon]].filter((pair): pair is [string, string] => pair[1] !== undefined).map(([name, file]) => [name, readFileSync(new URL(file, FIXTURES))]))]),
);

/** Where a partner's mark is served, on the origin the caller reached the sandbox by; null when it has none. */
function markUrl(request: FastifyRequest, id: number, name: 'logo.svg' | 'icone.svg'): string | null {
  return MARKS[String(id)]?.[name] ? `${request.protocol}://${request.headers.host}${BASE_PATH}/${PUBLIC_FILES}parceiros/${id}/${name}` : null;
}

/** A partner's customization as parceiros/configuracao answers it (spec doc 1 §3). */
function partnerView(partner: PartnerFixture, request: FastifyRequest) {
  return {
    frame_ancestors: EXTRAS[String(partner.id)]?.frame_ancestors ?? [],
    id: partner.id,
    name: partner.name,
    domain: partner.domain,
    business_unit_id: partner.business_unit_id,
    colors: partner.colors,
    logo_url: markUrl(request, partner.id, 'logo.svg'),
    icon_url: markUrl(request, partner.id, 'icone.svg'),
    whatsapp_url: EXTRAS[String(partner.id)]?.whatsapp_url ?? null,
    link_atendimento_whatsapp: EXTRAS[String(partner.id)]?.link_atendimento_whatsapp ?? null,
    prazo_geral_faturamento_bem: partner.prazo_geral_faturamento_bem,
    prazo_pagamento_faturamento: partner.prazo_pagamento_faturamento,
  };
}

/** Partner and content routes (spec doc 1 §7): parceiros, configuracao?domain, {id}/warnings, versoes. */
export default async function partnerRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, partners.list, async (request) => ({ data: [...state.partners.values()].map((p) => partnerView(p, request)) }));

  serve(app, partners.configuration, async (request, reply) => {
    const domain = (request.query as { domain?: string }).domain?.trim().toLowerCase();
    if (!domain) return invalid(reply, 'O parâmetro domain é obrigatório.');
    const partner = [...state.partners.values()].find((p) => p.domain === domain);
    return partner ? partnerView(partner, request) : notFound(reply, 'Parceiro não encontrado.');
  });

  serve(app, partners.warnings, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const warnings = state.warnings.get(id);
    return warnings ? { data: warnings } : notFound(reply, 'Parceiro não encontrado.');
  });

  serve(app, partners.versions, async () => ({ data: state.versions }));

  app.get(`/${PUBLIC_FILES}parceiros/:id/:name`, async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    const mark = MARKS[id]?.[name];
    if (!mark) return notFound(reply, 'Arquivo não encontrado.');
    // An SVG opened on its own draws nothing active.
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(mark);
  });
}
