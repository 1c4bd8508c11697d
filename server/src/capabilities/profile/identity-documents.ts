import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { isCompanyId } from '../../domain/format.js';
import { DOCUMENT_TYPES, pagesProblem } from '../../flow-parts/index.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { registration, session as sessionCalls } from '../../../../back-office/index.js';
import { acceptedContent, parseDataUrl, uploadFile } from '../../flow-parts/index.js';

const BASE = '/perfil/validar-identificacao';
/** Each page (photo or PDF) up to 2 MB; at most 3 pages (the CTPS needs 3). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const MAX_PAGES = 3;
/** Whatever type a page's data URL declares (the browser's guess from the name): its bytes decide. */
const DECLARED_TYPES = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/svg+xml', 'image/webp', 'application/octet-stream', 'text/plain', 'text/html'];

/** The step screens of the flow, by route: what each says and where it leads. */
const STEPS: Record<string, { key: string; to: string }> = {
  [`${BASE}/indisponivel`]: { key: 'indisponivel', to: '/perfil' },
  [`${BASE}/documento-parceiro`]: { key: 'documento-parceiro', to: BASE },
  [`${BASE}/aprovado`]: { key: 'aprovado', to: '/perfil/email-telefone' },
  [`${BASE}/agencia`]: { key: 'agencia', to: '/filiais' },
  [`${BASE}/problema`]: { key: 'problema', to: BASE },
};

/**
 * The mobile-only document check of the profile (doc 1 §2): validate identification (document
 * type and its pages, uploaded through arquivos/v2, then antifraude/analise-documento/nl/
 * solicitar), analysing (about 3 minutes), then approved, branch (refused: go to a branch) or
 * document problem (resend). A company sends its partner's (legal representative's) document.
 * Off mobile the guard shows the unavailable screen.
 */
export default async function identityDocuments(app: FastifyInstance) {
  const documentTypes = async (upstream: import('../../upstream/customer-upstream.js').CustomerUpstream) =>
    (await upstream.request(registration.list, { params: { lista: 'tipos-documento' } })).data;

  app.screens.register('perfil-identificacao', async (ctx) => {
    const company = isCompanyId(ctx.request.session!.data.customer.inscricaoNacional);
    if (company && ctx.query.get('parceiro') !== 'sim') return { redirect: `${BASE}/documento-parceiro` };
    const types = await documentTypes(ctx.upstream!);
    return { empresa: company, codigos: types.map((t) => t.codigo), nomes: types.map((t) => t.descricao), maximo: MAX_PAGES };
  });

  app.screens.register('perfil-identificacao-etapa', async (ctx) => {
    const step = STEPS[ctx.route.path] ?? STEPS[`${BASE}/indisponivel`]!;
    const to = step.key === 'documento-parceiro' ? `${BASE}?parceiro=sim` : step.to;
    return { titulo: app.text(`docperfil.${step.key}.titulo`), texto: app.text(`docperfil.${step.key}.texto`), acao: app.text(`docperfil.${step.key}.acao`), destino: to };
  });

  app.screens.register('perfil-identificacao-analisando', async (ctx) => {
    const id = ctx.request.session!.data.identityCheckId;
    if (!id) return { redirect: BASE };
    const { status } = await app.upstream.request(sessionCalls.identityCheckStatus, { params: { id }, signal: ctx.request.deadline ?? undefined });
    const next = { APROVADO: 'aprovado', REPROVADO: 'agencia', PROBLEMA_DOCUMENTO: 'problema' }[status];
    if (next) {
      await app.sessions.patch(ctx.request.session!, { identityCheckId: null });
      return { redirect: `${BASE}/${next}` };
    }
    return {};
  });

  app.actions.register('profile/identity-documents', {
    filesGo: 'the back office’s file store (`files.upload`, category `documento-identidade`), then sent as the identity document for review',
    bodyLimit: 8 * 1024 * 1024,
    files: { types: DOCUMENT_TYPES, maxBytes: MAX_PAGE_BYTES, messages: { badFormat: app.text('docperfil.erro.formato'), tooLarge: app.text('docperfil.erro.tamanho') } },
    input: z.object({
      tipoDocumento: z.coerce.number('@docperfil.erro.tipo').int('@docperfil.erro.tipo'),
      paginas: z.array(z.string(), '@docperfil.erro.paginas').min(1, '@docperfil.erro.paginas').max(MAX_PAGES, '@docperfil.erro.paginas'),
    }),
    async handler(input, { request, upstream }): Promise<ActionResult> {
      const session = request.session!;
      if (session.data.agent) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('perfil.agente') };
      const type = (await documentTypes(upstream!)).find((t) => t.codigo === input.tipoDocumento);
      if (!type) return { kind: 'field-errors', errors: { tipoDocumento: app.text('docperfil.erro.tipo') } };
      const parsed = input.paginas.map((p) => parseDataUrl(p, DECLARED_TYPES));
      if (parsed.some((p) => p === null)) return { kind: 'field-errors', errors: { paginas: app.text('docperfil.erro.formato') } };
      if (parsed.some((p) => p!.data.length > MAX_PAGE_BYTES)) return { kind: 'field-errors', errors: { paginas: app.text('docperfil.erro.tamanho') } };
      // A PDF, JPEG or PNG by its bytes (an image whole and nothing else); it goes upstream with that type.
      const pages = parsed.map((p) => ({ ...p!, type: acceptedContent(p!.data, DOCUMENT_TYPES) }));
      if (pages.some((p) => p.type === null)) return { kind: 'field-errors', errors: { paginas: app.text('docperfil.erro.formato') } };
      const missing = pagesProblem(type.descricao, pages.length);
      if (missing) return { kind: 'field-errors', errors: { paginas: missing } };
      try {
        const files = [];
        for (const [k, page] of pages.entries()) files.push(await uploadFile(upstream!, { field: 'paginas', n: k + 1, data: page.data, type: page.type! }, 'documento-identidade'));
        const { id } = await upstream!.request(sessionCalls.identityDocuments, {
          json: { inscricaoNacional: session.data.customer.inscricaoNacional, tipoDocumento: type.descricao, arquivos: files.map((f) => f.id) },
        });
        await app.sessions.patch(session, { identityCheckId: id });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('docperfil.erro.envio') };
        throw err;
      }
      return { kind: 'navigate', to: `${BASE}/analisando` };
    },
  });
}
