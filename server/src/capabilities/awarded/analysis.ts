import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { caseNumberShown } from '../../domain/cases.js';
import { formatMoney } from '../../domain/format.js';
import { documentsToSend, requestAnalysis, saveProgress, unreadableDocuments, type AnalysisVerb } from '../../flow-parts/index.js';
import { isCompanyId } from '../../domain/format.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { awardedUpstream as api } from './awarded-upstream.js';
import { awardedCase, awardedOf, awardedProgressOf, CONTEMPLADO, NO_PROCESS, quotaIdOf, refusalOf } from './flow.js';
import { quotaMove } from '../../security/once.js';

/** Statuses in which documents are being analysed (the document confirmation screen shows it). */
const IN_ANALYSIS = ['TRIAGEM_EM_ANDAMENTO', 'AGUARDANDO_ANALISE_INTERNA', 'AGUARDANDO_REANALISE_INTERNA', 'RETORNO_CLIENTE_REANALISE'];
/** Statuses in which the customer sends documents. */
const SENDING = ['NAO_INICIADO', 'PENDENCIA_CLIENTE', 'PENDENCIA_CLIENTE_REANALISE'];

/**
 * Document confirmation (the uploaded documents, then the analysis request; while analysed, where
 * it stands), the sieve result (success modal once), the failed analysis (failure modal once,
 * the way to a branch), the billing choice (cash billing goes on at /faturamento) and another quota;
 * the restart of an expired document deadline.
 */
export default async function awardedAnalysis(app: FastifyInstance) {
  const customerOf = (ctx: { upstream: { session: { data: { customer: { inscricaoNacional: string } } } } | null }) => ctx.upstream!.session.data.customer.inscricaoNacional;

  app.screens.register('contemplado-confirmacao', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, kase] = await Promise.all([awardedOf(upstream), awardedCase(upstream)]);
    if (!data || !kase) return NO_PROCESS;
    const progress = awardedProgressOf(kase);
    if (IN_ANALYSIS.includes(data.status)) {
      return { confirmar: false, analise: true, protocolo: caseNumberShown(kase.Fase__c) ? kase.CaseNumber : '', documentos: [] };
    }
    if (!SENDING.includes(data.status)) return { redirect: CONTEMPLADO };
    if (progress.arquivos.length === 0) return { redirect: `${CONTEMPLADO}/documentos` };
    const sent = new Set(progress.enviados);
    return { confirmar: true, analise: false, protocolo: '', documentos: [...sent].map((id) => ({ texto: app.text(`contemplado.documento.${id}`) })) };
  });

  app.actions.register('awarded/send-for-analysis', {
    input: z.object({}),
    async handler(_input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      try {
        const [data, kase] = await Promise.all([awardedOf(u), awardedCase(u)]);
        if (!data || !kase || !SENDING.includes(data.status)) return { kind: 'navigate', to: CONTEMPLADO };
        const progress = awardedProgressOf(kase);
        if (progress.arquivos.length === 0) return { kind: 'navigate', to: `${CONTEMPLADO}/documentos` };
        const company = isCompanyId(u.session.data.customer.inscricaoNacional);
        if (!company && unreadableDocuments(kase).length === 0 && data.status !== 'PENDENCIA_CLIENTE_REANALISE' && documentsToSend(progress.tipoRenda ?? '', progress.enviados).length > 0) return { kind: 'navigate', to: `${CONTEMPLADO}/documentos` };
        const verb: AnalysisVerb = company ? 'solicitar-empresa' : unreadableDocuments(kase).length > 0 || data.status === 'PENDENCIA_CLIENTE_REANALISE' ? 'solicitar-reanalise' : 'solicitar';
        await requestAnalysis(u, verb, { idCota: quotaIdOf(u), arquivos: progress.arquivos });
        await saveProgress(u, kase.CaseNumber, { ...progress, arquivos: [] });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${CONTEMPLADO}/confirmacao-documentos` };
    },
  });

  app.actions.register('awarded/restart', {
    input: z.object({}),
    // A new document deadline, once however many tabs ask for it.
    once: { key: (_input, { request }) => quotaMove(request, 'reinicio-prazo') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await api.restart(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: CONTEMPLADO };
    },
  });

  app.screens.register('contemplado-crivo', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, kase] = await Promise.all([awardedOf(upstream), awardedCase(upstream)]);
    if (!data) return NO_PROCESS;
    if (!['CADASTRO_APROVADO', 'CADASTRO_APROVADO_COMITE'].includes(data.status)) return { redirect: CONTEMPLADO };
    const once = await app.dailyNotices.claim(customerOf(ctx), `contemplado-resultado-sucesso:${kase?.CaseNumber ?? quotaIdOf(upstream)}`, 'unico');
    const crivo = data.crivo;
    return {
      linhas: crivo
        ? [
            { label: app.text('contemplado.crivo.codigo'), text: crivo.codigo },
            { label: app.text('contemplado.crivo.decisao'), text: crivo.decisao },
            { label: app.text('contemplado.crivo.status'), text: crivo.status },
            ...(crivo.valorAprovado === null ? [] : [{ label: app.text('contemplado.crivo.valor'), text: formatMoney(crivo.valorAprovado) }]),
          ]
        : [],
      semCrivo: !crivo,
      modalSucesso: once,
    };
  });

  app.screens.register('contemplado-resultado', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, kase] = await Promise.all([awardedOf(upstream), awardedCase(upstream)]);
    if (!data) return NO_PROCESS;
    if (!['CADASTRO_NAO_APROVADO', 'CADASTRO_REPROVADO', 'CADASTRO_REPROVADO_COMITE'].includes(data.status)) return { redirect: CONTEMPLADO };
    const once = await app.dailyNotices.claim(customerOf(ctx), `contemplado-resultado-falha:${kase?.CaseNumber ?? quotaIdOf(upstream)}`, 'unico');
    return {
      motivo: data.motivo ?? '',
      modalFalha: once,
    };
  });

  app.screens.register('contemplado-deseja-faturar', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, quota] = await Promise.all([awardedOf(upstream), selectedQuota(upstream)]);
    if (!data) return NO_PROCESS;
    const cash = quota.tipo === 'imovel' || quota.tipo === 'servico';
    return { especie: cash, bem: !cash, outraCota: `${CONTEMPLADO}/outra-cota` };
  });

  app.screens.register('contemplado-outra-cota', async () => ({}));
}
