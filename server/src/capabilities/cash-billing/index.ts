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
import { billingCase, openBillingCase, progressOf, saveProgress, type Progress } from './progress.js';
import { IDENTITY_DOCUMENT_TYPES, INCOME_TYPES } from '../../domain/income-documents.js';
import { isCompanyId } from '../../domain/format.js';
import { caseNumberShown } from '../../domain/cases.js';
import { isPaidOff } from '../../domain/quota-flags.js';

const ESPECIE = '/faturamentoespecie';

/** The restriction return code of the core system that means a restricted CPF/CNPJ (doc 2 §4.3). */
const RESTRICTION_CODE = 27;

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
 * Cash-credit billing (doc 2 §2.3, §2.6, §4.4): /faturamento picks the screen for the status from
 * the definitions (status → screen table); /faturamento/iniciar checks the requirements and
 * starts; the contemplation centre leads to bank data (own CPF/CNPJ), the authorization term
 * (accepted once, then locked) and the payment follow-up (a timeline in Brasília time).
 */
export default async function cashBilling(app: FastifyInstance) {
  await app.register(billingDocuments);
  const idOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;
  /** The process of the selected quota, or null when it has none ('sua cota não possui processos'). */
  const dataOf = (u: CustomerUpstream) => cash.status(u, idOf(u));
  const NO_PROCESS = { redirect: '/faturamento' };
  const refusal = (err: unknown): ActionResult => {
    if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('especie.erro.operacao') };
    throw err;
  };

  // Requirements (doc 2 §4.4): only real-estate or service quotas; FGTS in the contemplating bid
  // excludes cash; anniversary period, no third-party payment, no other overdue quota. A paid-off
  // quota is told so first; a restricted CPF/CNPJ (return code 27) goes to its own screen.
  app.screens.register('faturamento-iniciar', async (ctx) => {
    const upstream = ctx.upstream!;
    const [check, quota] = await Promise.all([cash.check(upstream, idOf(upstream)), selectedQuota(upstream)]);
    if (check.restricao?.codigoRetorno === RESTRICTION_CODE) return { redirect: '/faturamento/cpfrestrito' };
    // Type confirmed: the centre, once the case is there (if opening it failed, starting again opens it).
    if (check.tipoFaturamento) return (await billingCase(upstream)) ? { redirect: `${ESPECIE}/centralcontemplacao` } : { pode: true, pendencias: [] };
    if (isPaidOff(quota) && ctx.query.get('quitada') !== 'ciente') return { redirect: '/faturamento/cotaquitada' };
    const pendencias = [
      !check.tipoPermitido && app.text('especie.requisito.tipo'),
      check.usaFgts && app.text('especie.requisito.fgts'),
      !check.requisitos.periodoAniversario && app.text('especie.requisito.aniversario'),
      check.requisitos.pagamentoTerceiro && app.text('especie.requisito.terceiro'),
      check.requisitos.outrasCotasEmAtraso && app.text('especie.requisito.outras-cotas'),
    ].filter((p): p is string => Boolean(p));
    return { pode: check.podeFaturar && pendencias.length === 0, pendencias: pendencias.map((texto) => ({ texto })) };
  });

  // Confirming the type (cash) is final: the core system starts the process (it refuses an auto
  // quota, FGTS, a restriction), then the CRM case is opened (salesforce/casos) unless one is there.
  // A start whose case could not be opened is finished by starting again.
  app.actions.register('cash-billing/start', {
    input: z.object({ confirmaTipo: z.literal(true, '@especie.erro.confirma-tipo') }),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        const check = await cash.check(upstream!, idOf(upstream!));
        if (!check.tipoFaturamento) await cash.start(upstream!, idOf(upstream!));
        if (!(await billingCase(upstream!))) await openBillingCase(upstream!);
      } catch (err) {
        if (err instanceof UpstreamError && err.code === String(RESTRICTION_CODE)) return { kind: 'navigate', to: '/faturamento/cpfrestrito' };
        return refusal(err);
      }
      return { kind: 'navigate', to: `${ESPECIE}/introducao` };
    },
  });

  const steps = (data: CashBillingData, documentsDone: boolean) => [
    ...(data.status === 'ATUALIZAR_CADASTRO' ? [{ titulo: app.text('especie.passo.ajuste'), feito: false, destino: `${ESPECIE}/ajustecadastral` }] : []),
    { titulo: app.text('especie.passo.documentos'), feito: documentsDone, destino: `${ESPECIE}/identificacao` },
    { titulo: app.text('especie.passo.dados-bancarios'), feito: Boolean(data.dadosBancarios), destino: `${ESPECIE}/dadosbancarios` },
    { titulo: app.text('especie.passo.termo'), feito: Boolean(data.termoAceitoEm), destino: `${ESPECIE}/termodeautorizacao` },
    { titulo: app.text('especie.passo.pagamento'), feito: data.timelinePagamento.length > 0, destino: `${ESPECIE}/acompanharpagamento` },
  ];

  app.screens.register('especie-central', async (ctx) => {
    const [data, kase] = await Promise.all([dataOf(ctx.upstream!), billingCase(ctx.upstream!)]);
    if (!data) return NO_PROCESS;
    if (!data.tipoFaturamento) return { redirect: '/faturamento/iniciar' };
    // Documents are done once the registration was approved (or the customer sent the last of them).
    const documentsDone = data.status === 'CADASTRO_APROVADO' && progressOf(kase).arquivos.length === 0 && progressOf(kase).enviados.length > 0;
    return {
      protocolo: kase && caseNumberShown(kase.Fase__c) ? kase.CaseNumber : '',
      passos: steps(data, documentsDone).map((s) => ({ ...s, situacao: app.text(s.feito ? 'especie.feito' : 'especie.pendente') })),
    };
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
    const sent = data.status === 'PAGAMENTO_ENVIADO';
    return { linhas: data.timelinePagamento.map((e) => [formatDateTime(e.em), e.descricao, e.situacao]), situacao: app.text(sent ? 'especie.pagamento-enviado' : 'especie.aguardando-pagamento') };
  });

  // Identification (doc 2 §3.3): a person's income type and identity document type decide the
  // documents; a company says whether a new partner joined (new-partner documents). Kept on the
  // case, so any device continues from here.
  app.screens.register('especie-identificacao', async (ctx) => {
    const kase = await billingCase(ctx.upstream!);
    if (!kase) return NO_PROCESS;
    const progress = progressOf(kase);
    const empresa = isCompanyId(ctx.upstream!.session.data.customer.inscricaoNacional);
    return {
      titulo: app.text(empresa ? 'especie.empresa.titulo' : 'especie.renda.titulo'),
      empresa,
      ids: INCOME_TYPES.map((t) => t.id),
      nomes: INCOME_TYPES.map((t) => t.label),
      tiposDocumento: [...IDENTITY_DOCUMENT_TYPES],
      dados: { ...(progress.tipoRenda ? { tipoRenda: progress.tipoRenda } : {}), ...(progress.tipoDocumento ? { tipoDocumento: progress.tipoDocumento } : {}) },
      dadosEmpresa: progress.novoSocio === undefined ? {} : { novoSocio: progress.novoSocio },
    };
  });

  /** Saves one answer of the identification on the case, then on to the documents. */
  async function saveIdentification(upstream: CustomerUpstream, change: Partial<Progress>): Promise<ActionResult> {
    const kase = await billingCase(upstream);
    if (!kase) return { kind: 'navigate', to: '/faturamento' };
    try {
      await saveProgress(upstream, kase.CaseNumber, { ...progressOf(kase), ...change });
    } catch (err) {
      return refusal(err);
    }
    return { kind: 'navigate', to: `${ESPECIE}/anexar-documentos` };
  }

  app.actions.register('cash-billing/income', {
    input: z.object({
      tipoRenda: z.enum(INCOME_TYPES.map((t) => t.id) as [string, ...string[]], '@especie.erro.renda'),
      tipoDocumento: z.enum(IDENTITY_DOCUMENT_TYPES, '@especie.erro.tipo-documento'),
    }),
    handler: (input, { upstream }) => saveIdentification(upstream!, input),
  });

  app.actions.register('cash-billing/company-partners', {
    input: z.object({ novoSocio: z.boolean('@especie.erro.novo-socio') }),
    handler: (input, { upstream }) => saveIdentification(upstream!, input),
  });

  app.screens.register('especie-situacao', async (ctx) => {
    const situation = SITUATIONS[ctx.route.path] ?? { key: 'analisando' };
    const data = situation.analyst || situation.key.startsWith('analisando') ? await dataOf(ctx.upstream!) : null;
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
        await cash.update(upstream!, idOf(upstream!), { cadastroAtualizado: true });
      } catch (err) {
        return refusal(err);
      }
      return { kind: 'navigate', to: '/faturamento' };
    },
  });
}
