import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { norm, type CrmCase } from '../../domain/cases.js';
import { formatMoney } from '../../domain/format.js';
import { contactProblems, contactRequestInput } from '../../domain/special-flows.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { loadCases, openCase } from '../../upstream/crm-cases.js';
import { insuranceUpstream } from './insurance-upstream.js';
import { quotaMove } from '../../security/once.js';

/** Route prefix of the insurance offer (doc 2 §2.9). */
const BASE = '/ofertaseguro';
/** The CRM case type of an insurance offer (doc 2 §3.2). */
export const INSURANCE_CASE_TYPE = 'Oferta de Seguro';

const inProgress = (c: CrmCase) => ['EM_ANDAMENTO', 'ESCALADO'].includes(c.Status.toUpperCase().replace(/\s+/g, '_'));

/**
 * Insurance offer (doc 2 §2.9, §3.9, §4.9): introduction, simulation (unemployment cover pays
 * up to 6 instalments), the request (phone with area code, e-mail, best contact time) as an
 * insurance-offer CRM case, success, wait (a request in progress), acquired (possui_seguro S)
 * and the error page: 'Ops, algo de errado =(' or the out-of-service message.
 */
export default async function insuranceOffer(app: FastifyInstance) {
  const idOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;

  /** Where the offer stands; an upstream failure becomes the error page (out of service when unavailable). */
  async function standing(u: CustomerUpstream): Promise<{ redirect: string } | { data: Awaited<ReturnType<typeof insuranceUpstream.data>> }> {
    try {
      const [data, cases] = await Promise.all([insuranceUpstream.data(u, idOf(u)), loadCases(u)]);
      if (data.possui_seguro === 'S') return { redirect: `${BASE}/adquirido` };
      if (cases.some((c) => norm(c.Type) === norm(INSURANCE_CASE_TYPE) && inProgress(c))) return { redirect: `${BASE}/aguarde` };
      return { data };
    } catch (err) {
      if (!(err instanceof UpstreamError) || err.tokenExpired) throw err;
      return { redirect: `${BASE}/erro${err.unavailable ? '?fora=1' : ''}` };
    }
  }

  const home = (variante: string) => ({ id: 'voltar-inicio', rotulo: app.text('seguro.voltar-inicio'), destino: '/home', variante });

  app.screens.register('seguro-situacao', async (ctx) => {
    const u = ctx.upstream!;
    const page = ctx.route.path.slice(BASE.length + 1);
    const t = (key: string) => app.text(`seguro.${page}.${key}`);
    if (page === 'introducao' || page === 'simulacao') {
      const s = await standing(u);
      if ('redirect' in s) return s;
      if (page === 'introducao') {
        return {
          titulo: t('titulo'),
          paragrafos: [t('texto'), app.text('seguro.cobertura', { meses: s.data.mesesCobertura })],
          links: [{ id: 'simular-seguro', rotulo: t('continuar'), destino: `${BASE}/simulacao`, variante: 'primary' }, home('secondary')],
        };
      }
      return {
        titulo: t('titulo'),
        paragrafos: [app.text('seguro.cobertura', { meses: s.data.mesesCobertura })],
        linhas: [
          { label: app.text('seguro.campo.parcela'), text: formatMoney(s.data.valorParcela) },
          { label: app.text('seguro.campo.premio'), text: formatMoney(s.data.premioMensal) },
          { label: app.text('seguro.campo.cobertura'), text: app.text('seguro.campo.cobertura-valor', { meses: s.data.mesesCobertura, total: formatMoney(s.data.valorParcela * s.data.mesesCobertura) }) },
        ],
        links: [{ id: 'contratar-seguro', rotulo: t('continuar'), destino: `${BASE}/solicitar`, variante: 'primary' }, home('secondary')],
      };
    }
    if (page === 'erro') {
      const fora = ctx.query.get('fora') === '1';
      return {
        titulo: t('titulo'),
        paragrafos: [fora ? t('fora-do-ar') : t('texto')],
        links: [{ id: 'tentar-novamente', rotulo: t('tentar-novamente'), destino: `${BASE}/introducao`, variante: 'primary' }, home('secondary')],
      };
    }
    // sucesso, aguarde, adquirido
    return { titulo: t('titulo'), paragrafos: [t('texto')], links: [home('primary')] };
  });

  app.screens.register('seguro-solicitar', async (ctx) => {
    const u = ctx.upstream!;
    const s = await standing(u);
    if ('redirect' in s) return s;
    return { dados: { telefone: u.session.data.customer.celular ?? '', email: u.session.data.customer.email ?? '' } };
  });

  app.actions.register('insurance/request', {
    idempotent: true,
    input: contactRequestInput('@seguro.erro.horario'),
    once: { key: (_input, { request }) => quotaMove(request, 'seguro'), done: (result) => result.kind === 'navigate' && result.to === `${BASE}/sucesso` },
    async handler(input, { upstream }): Promise<ActionResult> {
      const errors = contactProblems(input);
      if (Object.keys(errors).length > 0) return { kind: 'field-errors', errors };
      const u = upstream!;
      const s = await standing(u);
      if ('redirect' in s) return { kind: 'navigate', to: s.redirect };
      try {
        const periodo = app.text(`seguro.horario.${input.horario === 'MANHA' ? 'manha' : 'tarde'}`);
        await openCase(u, {
          type: INSURANCE_CASE_TYPE,
          description: `Oferta de seguro solicitada pelo app. Telefone: ${input.telefone.replace(/\D/g, '')}; e-mail: ${input.email}; melhor horário: ${periodo}.`,
          idCota: idOf(u),
        });
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.tokenExpired) throw err;
        return { kind: 'navigate', to: `${BASE}/erro${err.unavailable ? '?fora=1' : ''}` };
      }
      return { kind: 'navigate', to: `${BASE}/sucesso` };
    },
  });
}
