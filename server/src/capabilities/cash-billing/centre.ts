import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { caseNumberShown } from '../../domain/cases.js';
import { cashBillingUpstream as cash, type CashBillingData } from './cash-billing-upstream.js';
import { billingOf, ESPECIE, NO_PROCESS, quotaIdOf, refusalOf } from './flow.js';
import { billingCase, progressOf } from './progress.js';

/**
 * Screens that say where the process stands (doc 2 §2.3, §2.6), by route: their text key, and
 * whether they show the analyst's answer, a way on, or the registration-adjusted confirmation.
 */
const SITUATIONS: Record<string, { key: string; analyst?: true; next?: { label: string; to: string }; confirm?: true }> = {
  [`${ESPECIE}/analisandoinformacoes`]: { key: 'analisando' },
  [`${ESPECIE}/analisandoinformacoes-pj`]: { key: 'analisando-pj' },
  [`${ESPECIE}/analisandoinformacoesinterna`]: { key: 'analisando-interna' },
  [`${ESPECIE}/reanalise`]: { key: 'reanalise', analyst: true, next: { label: 'especie.reanalise.enviar', to: `${ESPECIE}/anexar-documentos` } },
  [`${ESPECIE}/ajustecadastral`]: { key: 'ajuste', analyst: true, next: { label: 'especie.ajuste.perfil', to: '/perfil' }, confirm: true },
  [`${ESPECIE}/introducao`]: { key: 'introducao', next: { label: 'especie.introducao.comecar', to: `${ESPECIE}/centralcontemplacao` } },
  '/faturamento/not-alow-faturamento': { key: 'nao-permitido' },
  '/faturamento/cpfrestrito': { key: 'cpf-restrito', next: { label: 'especie.falar-atendimento', to: '/customer-service' } },
  '/faturamento/cotaquitada': { key: 'cota-quitada', next: { label: 'especie.cota-quitada.continuar', to: '/faturamento/iniciar?quitada=ciente' } },
};

/**
 * The contemplation centre (the steps and where each stands, the case number unless hidden) and
 * the screens that say where the process stands, with the registration-adjusted confirmation.
 */
export default async function cashBillingCentre(app: FastifyInstance) {
  const steps = (data: CashBillingData, documentsDone: boolean) => [
    ...(data.status === 'ATUALIZAR_CADASTRO' ? [{ titulo: app.text('especie.passo.ajuste'), feito: false, destino: `${ESPECIE}/ajustecadastral` }] : []),
    { titulo: app.text('especie.passo.documentos'), feito: documentsDone, destino: `${ESPECIE}/identificacao` },
    { titulo: app.text('especie.passo.dados-bancarios'), feito: Boolean(data.dadosBancarios), destino: `${ESPECIE}/dadosbancarios` },
    { titulo: app.text('especie.passo.termo'), feito: Boolean(data.termoAceitoEm), destino: `${ESPECIE}/termodeautorizacao` },
    { titulo: app.text('especie.passo.pagamento'), feito: data.timelinePagamento.length > 0, destino: `${ESPECIE}/acompanharpagamento` },
  ];

  app.screens.register('especie-central', async (ctx) => {
    const [data, kase] = await Promise.all([billingOf(ctx.upstream!), billingCase(ctx.upstream!)]);
    if (!data) return NO_PROCESS;
    if (!data.tipoFaturamento) return { redirect: '/faturamento/iniciar' };
    // Documents are done once the registration was approved (or the customer sent the last of them).
    const documentsDone = data.status === 'CADASTRO_APROVADO' && progressOf(kase).arquivos.length === 0 && progressOf(kase).enviados.length > 0;
    return {
      protocolo: kase && caseNumberShown(kase.Fase__c) ? kase.CaseNumber : '',
      passos: steps(data, documentsDone).map((s) => ({ ...s, situacao: app.text(s.feito ? 'especie.feito' : 'especie.pendente') })),
    };
  });

  app.screens.register('especie-situacao', async (ctx) => {
    const situation = SITUATIONS[ctx.route.path] ?? { key: 'analisando' };
    const data = situation.analyst ? await billingOf(ctx.upstream!) : null;
    const kase = situation.key.startsWith('analisando') ? await billingCase(ctx.upstream!) : null;
    return {
      titulo: app.text(`especie.situacao.${situation.key}.titulo`),
      texto: app.text(`especie.situacao.${situation.key}.texto`),
      observacao: situation.analyst ? (data?.respostaAnalista ?? '') : '',
      protocolo: kase && caseNumberShown(kase.Fase__c) ? kase.CaseNumber : '',
      continuar: situation.next ? { rotulo: app.text(situation.next.label), destino: situation.next.to } : null,
      confirmar: situation.confirm === true,
    };
  });

  // Registration adjusted (ATUALIZAR_CADASTRO): the customer says the data is up to date; the
  // back office checks it again.
  app.actions.register('cash-billing/registration-adjusted', {
    input: z.object({}),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await cash.update(upstream!, quotaIdOf(upstream!), { cadastroAtualizado: true });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: '/faturamento' };
    },
  });
}
