import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDateTime } from '../../domain/clock.js';
import { formatMoney, formatNationalId, padDigits } from '../../domain/format.js';
import { accountOwnerProblem } from '../../domain/registration.js';
import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { UpstreamError } from '../../plugins/core/upstream-client.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { cashBillingUpstream as cash, type CashBillingData } from './cash-billing-upstream.js';
import billingDocuments from './documents.js';
import { billingCase, progressOf, saveProgress } from './progress.js';
import { INCOME_TYPES } from '../../domain/income-documents.js';

const ESPECIE = '/faturamentoespecie';

/** Status screens that only say where the process stands, by route (doc 2 §2.3). */
const SITUATIONS: Record<string, string> = {
  [`${ESPECIE}/analisandoinformacoes`]: 'analisando',
  [`${ESPECIE}/analisandoinformacoes-pj`]: 'analisando-pj',
  [`${ESPECIE}/analisandoinformacoesinterna`]: 'analisando-interna',
  [`${ESPECIE}/reanalise`]: 'reanalise',
  '/faturamento/not-alow-faturamento': 'nao-permitido',
};

/**
 * Cash-credit billing (doc 2 §2.3, §2.6, §4.4): /faturamento picks the screen for the status from
 * the definitions (status → screen table); /faturamento/iniciar checks the requirements and
 * starts; the contemplation centre leads to bank data (own CPF/CNPJ), the authorization term
 * (accepted once, then locked) and the payment follow-up (a timeline in Brasília time).
 */
export default async function cashBilling(app: FastifyInstance) {
  await app.register(billingDocuments);
  const idOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;
  /** The process of the selected quota, or null when it has none ('sua cota não possui processos'). */
  const dataOf = (u: CustomerUpstream) =>
    cash.data(u, idOf(u)).catch((err: unknown) => {
      if (err instanceof UpstreamError && err.notFound) return null;
      throw err;
    });
  const NO_PROCESS = { redirect: '/faturamento' };
  const refusal = (err: unknown): ActionResult => {
    if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('especie.erro.operacao') };
    throw err;
  };

  app.screens.register('faturamento-iniciar', async (ctx) => {
    const check = await cash.check(ctx.upstream!, idOf(ctx.upstream!));
    const pendencias = [
      !check.tipoPermitido && app.text('especie.requisito.tipo'),
      !check.requisitos.periodoAniversario && app.text('especie.requisito.aniversario'),
      check.requisitos.pagamentoTerceiro && app.text('especie.requisito.terceiro'),
      check.requisitos.outrasCotasEmAtraso && app.text('especie.requisito.outras-cotas'),
    ].filter((p): p is string => Boolean(p));
    return { pode: check.podeFaturar && pendencias.length === 0, pendencias: pendencias.map((texto) => ({ texto })) };
  });

  app.actions.register('cash-billing/start', {
    input: z.object({}),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await cash.start(upstream!, idOf(upstream!));
      } catch (err) {
        return refusal(err);
      }
      return { kind: 'navigate', to: `${ESPECIE}/centralcontemplacao` };
    },
  });

  const steps = (data: CashBillingData) => [
    { titulo: app.text('especie.passo.documentos'), feito: false, destino: `${ESPECIE}/identificacao` },
    { titulo: app.text('especie.passo.dados-bancarios'), feito: Boolean(data.dadosBancarios), destino: `${ESPECIE}/dadosbancarios` },
    { titulo: app.text('especie.passo.termo'), feito: Boolean(data.termoAceitoEm), destino: `${ESPECIE}/termodeautorizacao` },
    { titulo: app.text('especie.passo.pagamento'), feito: data.eventos.length > 0, destino: `${ESPECIE}/acompanharpagamento` },
  ];

  app.screens.register('especie-central', async (ctx) => {
    const data = await dataOf(ctx.upstream!);
    if (!data) return NO_PROCESS;
    return { passos: steps(data).map((s) => ({ ...s, situacao: app.text(s.feito ? 'especie.feito' : 'especie.pendente') })) };
  });

  app.screens.register('especie-dados-bancarios', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, banks] = await Promise.all([dataOf(upstream), cash.banks(upstream, idOf(upstream))]);
    if (!data) return NO_PROCESS;
    const holder = upstream.session.data.customer.inscricaoNacional;
    const current = data.dadosBancarios;
    const estorno = ctx.route.path === `${ESPECIE}/dadosbancariosestorno`;
    if (estorno && data.status !== 'PAGAMENTO_ESTORNADO') return NO_PROCESS;
    return {
      estorno,
      bloqueado: Boolean(data.termoAceitoEm) && !estorno,
      titular: `${upstream.session.data.customer.nome} · ${formatNationalId(holder)}`,
      codigos: banks.data.map((b) => b.codigo),
      nomes: banks.data.map((b) => `${b.codigo} · ${b.nome}`),
      dados: current ? { banco: current.banco, agencia: current.agencia, digitoAgencia: current.digitoAgencia ?? '', conta: current.conta, tipoConta: current.tipoConta } : { tipoConta: 'CORRENTE' },
    };
  });

  const BankInput = z.object({
    banco: z.string('@especie.erro.banco').regex(/^\d{3}$/, '@especie.erro.banco'),
    agencia: z.string('@especie.erro.agencia').regex(/^\d{4}$/, '@especie.erro.agencia'),
    digitoAgencia: z.string().regex(/^\d?$/, '@especie.erro.digito').optional(),
    conta: z.string('@especie.erro.conta').regex(/^\d{3,12}$/, '@especie.erro.conta'),
    tipoConta: z.enum(['CORRENTE', 'POUPANCA'], '@especie.erro.tipo-conta'),
    titularDocumento: z.string().max(20).optional(),
    /** Redoing the bank data of a reversed payment: the payment is asked again. */
    estorno: z.boolean().default(false),
  });

  app.actions.register('cash-billing/bank-data', {
    input: BankInput,
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const holder = request.session!.data.customer.inscricaoNacional;
      const owner = input.titularDocumento ? accountOwnerProblem(input.titularDocumento, holder) : null;
      if (owner) return { kind: 'field-errors', errors: { titularDocumento: owner } };
      try {
        await cash.update(upstream!, idOf(upstream!), { dadosBancarios: { banco: input.banco, agencia: input.agencia, ...(input.digitoAgencia ? { digitoAgencia: input.digitoAgencia } : {}), conta: input.conta, tipoConta: input.tipoConta, titularDocumento: holder } });
        if (input.estorno) await cash.requestPayment(upstream!, idOf(upstream!));
      } catch (err) {
        return refusal(err);
      }
      return { kind: 'navigate', to: input.estorno ? `${ESPECIE}/acompanharpagamento` : `${ESPECIE}/termodeautorizacao` };
    },
  });

  app.screens.register('especie-termo', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, quota] = await Promise.all([dataOf(upstream), selectedQuota(upstream)]);
    if (!data) return NO_PROCESS;
    if (!data.dadosBancarios) return { redirect: `${ESPECIE}/dadosbancarios` };
    const customer = upstream.session.data.customer;
    const b = data.dadosBancarios;
    return {
      aceito: Boolean(data.termoAceitoEm),
      aceitoEm: data.termoAceitoEm ? formatDateTime(data.termoAceitoEm) : '',
      linhas: [
        { label: app.text('especie.termo.nome'), text: customer.nome },
        { label: app.text('especie.termo.documento'), text: formatNationalId(customer.inscricaoNacional) },
        { label: app.text('especie.termo.valor'), text: formatMoney(quota.valorBem) },
        { label: app.text('especie.termo.grupo'), text: padDigits(quota.grupo, 6) },
        { label: app.text('especie.termo.cota'), text: padDigits(quota.cota, 4) },
        { label: app.text('especie.termo.banco'), text: `${b.banco} · agência ${b.agencia}${b.digitoAgencia ? `-${b.digitoAgencia}` : ''} · conta ${b.conta} (${b.tipoConta === 'CORRENTE' ? 'corrente' : 'poupança'})` },
      ],
    };
  });

  app.actions.register('cash-billing/accept-term', {
    input: z.object({ aceite: z.literal(true, '@especie.erro.aceite') }),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await cash.update(upstream!, idOf(upstream!), { aceiteTermo: true });
        await cash.requestPayment(upstream!, idOf(upstream!));
      } catch (err) {
        return refusal(err);
      }
      return { kind: 'navigate', to: `${ESPECIE}/acompanharpagamento` };
    },
  });

  app.screens.register('especie-acompanhar', async (ctx) => {
    const data = await dataOf(ctx.upstream!);
    if (!data) return NO_PROCESS;
    return { linhas: data.eventos.map((e) => [formatDateTime(e.em), e.descricao, e.situacao]), situacao: app.text('especie.aguardando-pagamento') };
  });

  // Income type (doc 2 §3.3): decides the documents a person sends; kept on the case for any device.
  app.screens.register('especie-identificacao', async (ctx) => {
    const kase = await billingCase(ctx.upstream!);
    if (!kase) return NO_PROCESS;
    return { ids: INCOME_TYPES.map((t) => t.id), nomes: INCOME_TYPES.map((t) => t.label), dados: progressOf(kase).tipoRenda ? { tipoRenda: progressOf(kase).tipoRenda } : {} };
  });

  app.actions.register('cash-billing/income', {
    input: z.object({ tipoRenda: z.enum(INCOME_TYPES.map((t) => t.id) as [string, ...string[]], '@especie.erro.renda') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const kase = await billingCase(upstream!);
      if (!kase) return { kind: 'navigate', to: '/faturamento' };
      try {
        await saveProgress(upstream!, kase.CaseNumber, { ...progressOf(kase), tipoRenda: input.tipoRenda });
      } catch (err) {
        return refusal(err);
      }
      return { kind: 'navigate', to: `${ESPECIE}/anexar-documentos` };
    },
  });

  app.screens.register('especie-situacao', async (ctx) => {
    const key = SITUATIONS[ctx.route.path] ?? 'analisando';
    return { titulo: app.text(`especie.situacao.${key}.titulo`), texto: app.text(`especie.situacao.${key}.texto`) };
  });
}
