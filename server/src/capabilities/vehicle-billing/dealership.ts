import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cashBilling } from '../../../../back-office/index.js';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatNationalId, normaliseNationalId } from '../../domain/format.js';
import { accountOwnerProblem } from '../../domain/registration.js';
import { dealershipCnpjProblem, VEHICLE_MESSAGES } from '../../domain/vehicle-billing.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { NO_PROCESS, NOVO, quotaIdOf, refusalOf, stepOf, type Steps } from './flow.js';
import { vehicleUpstream as vehicle } from './vehicle-billing-upstream.js';

/** What the invoice order carries of the partner (doc 2 §7 dados-ordem-faturamento). */
function partnerOrderData(partner: { business_unit_id?: string; logo_url?: string | null }, primary: string) {
  return { corParceiro: primary, logoParceiro: partner.logo_url ?? '', unidadeNegocio: partner.business_unit_id ?? '' };
}

/**
 * The dealership (doc 2 §2.4): its CNPJ (checked, alphanumeric included), a registered supplier or
 * an inclusion of up to 48 h; the payment form; the dealership's bank account, which must be
 * under the dealership's CNPJ (doc 2 §5).
 */
export default async function dealership(app: FastifyInstance, { steps }: { steps: Steps }) {
  steps.set(`${NOVO}/dados-concessionaria`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const order = data.dadosFaturamento;
    return stepOf(app, 'dados-concessionaria', {
      formularios: [
        {
          id: 'form-concessionaria',
          schema: { type: 'object', required: ['cnpj'], properties: { cnpj: { type: 'string', title: app.text('veiculo.campo.cnpj'), maxLength: 18, errorMessage: app.text('veiculo.erro.obrigatorio') } } },
          uiSchema: { cnpj: { 'ui:placeholder': '00.000.000/0000-00' } },
          formData: order?.cnpjConcessionaria ? { cnpj: order.cnpjConcessionaria } : {},
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/dealership',
        },
      ],
    });
  });

  // A registered dealership is chosen at once; one the core system lacks is asked for (48 h).
  app.actions.register('vehicle-billing/dealership', {
    input: z.object({ cnpj: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(20) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const problem = dealershipCnpjProblem(input.cnpj);
      if (problem) return { kind: 'field-errors', errors: { cnpj: problem } };
      const cnpj = normaliseNationalId(input.cnpj).toUpperCase();
      try {
        const answer = await vehicle.addSupplier(upstream!, quotaIdOf(upstream!), cnpj);
        return { kind: 'navigate', to: answer.status === 'AGUARDANDO_INCLUSAO_CONCESSIONARIA' ? `${NOVO}/aguardeinclusaodeconcessionaria` : `${NOVO}/forma-pagamento` };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });

  steps.set(`${NOVO}/aguardeinclusaodeconcessionaria`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const cnpj = data.dadosFaturamento?.cnpjConcessionaria;
    return stepOf(app, 'inclusao-concessionaria', { linhas: cnpj ? [{ label: app.text('veiculo.campo.cnpj'), text: formatNationalId(cnpj) }] : [] });
  });

  /** The dealership chosen, as the core system has it (GET cotas/{id}/fornecedores/{cnpj}). */
  async function dealershipOf(upstream: CustomerUpstream, cnpj: string | null | undefined) {
    if (!cnpj) return null;
    return vehicle.supplier(upstream, quotaIdOf(upstream), cnpj).catch((err: unknown) => {
      if (err instanceof UpstreamError && err.notFound) return null;
      throw err;
    });
  }

  steps.set(`${NOVO}/forma-pagamento`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const upstream = ctx.upstream!;
    const [forms, dealer] = await Promise.all([vehicle.paymentForms(upstream, quotaIdOf(upstream)), dealershipOf(upstream, data.dadosFaturamento?.cnpjConcessionaria)]);
    if (!dealer) return { redirect: `${NOVO}/dados-concessionaria` };
    return stepOf(app, 'forma-pagamento', {
      linhas: [{ label: app.text('veiculo.rotulo.concessionaria'), text: `${dealer.razaoSocial} · CNPJ ${formatNationalId(dealer.cnpj)}` }],
      formularios: [
        {
          id: 'form-forma-pagamento',
          schema: { type: 'object', required: ['formaPagamento'], properties: { formaPagamento: { type: 'string', title: app.text('veiculo.campo.forma-pagamento'), enum: forms.data.map((f) => f.optType), errorMessage: app.text('veiculo.erro.obrigatorio') } } },
          uiSchema: { formaPagamento: { 'ui:widget': 'radio', 'ui:enumNames': forms.data.map((f) => f.descricao) } },
          formData: data.dadosFaturamento?.dadosPagamento ? { formaPagamento: data.dadosFaturamento.dadosPagamento.formaPagamento } : {},
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/payment-form',
        },
      ],
    });
  });

  app.actions.register('vehicle-billing/payment-form', {
    input: z.object({ formaPagamento: z.string('@veiculo.erro.obrigatorio').regex(/^[A-Z_]{2,30}$/, '@veiculo.erro.obrigatorio') }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = quotaIdOf(upstream!);
      try {
        const detail = await vehicle.paymentFormDetail(upstream!, idCota, input.formaPagamento);
        if (detail.exigeDadosBancarios) return { kind: 'navigate', to: `${NOVO}/dados-bancarios?forma=${encodeURIComponent(detail.optType)}` };
        const partner = await app.partners.forRequest(request);
        await vehicle.orderData(upstream!, { idCota, formaPagamento: detail.optType, ...partnerOrderData(partner.partner, partner.branding.theme.primary) });
      } catch (err) {
        if (err instanceof UpstreamError && err.notFound) return { kind: 'field-errors', errors: { formaPagamento: app.text('veiculo.erro.obrigatorio') } };
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/confirmar-faturamento` };
    },
  });

  steps.set(`${NOVO}/dados-bancarios`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const upstream = ctx.upstream!;
    const cnpj = data.dadosFaturamento?.cnpjConcessionaria;
    if (!cnpj) return { redirect: `${NOVO}/dados-concessionaria` };
    const [banks, dealer] = await Promise.all([upstream.request(cashBilling.banks, { params: { idCota: quotaIdOf(upstream) } }), dealershipOf(upstream, cnpj)]);
    const current = data.dadosFaturamento?.dadosPagamento?.dadosBancarios;
    const forma = ctx.query.get('forma') ?? data.dadosFaturamento?.dadosPagamento?.formaPagamento ?? 'TED';
    return stepOf(app, 'dados-bancarios', {
      ...(data.status === 'PAGAMENTO_ESTORNADO' ? { aviso: app.text('veiculo.estorno.texto') } : {}),
      linhas: [{ label: app.text('veiculo.rotulo.concessionaria'), text: `${dealer?.razaoSocial ?? ''} · CNPJ ${formatNationalId(cnpj)}` }],
      formularios: [
        {
          id: 'form-dados-bancarios',
          schema: {
            type: 'object',
            required: ['banco', 'agencia', 'conta', 'tipoConta', 'titularDocumento'],
            properties: {
              banco: { type: 'string', title: app.text('especie.campo.banco'), enum: banks.data.map((b) => b.codigo), errorMessage: app.text('especie.erro.banco') },
              agencia: { type: 'string', title: app.text('especie.campo.agencia'), maxLength: 4, errorMessage: app.text('especie.erro.agencia') },
              digitoAgencia: { type: 'string', title: app.text('especie.campo.digito-agencia'), maxLength: 1, errorMessage: app.text('especie.erro.digito') },
              conta: { type: 'string', title: app.text('especie.campo.conta'), maxLength: 12, errorMessage: app.text('especie.erro.conta') },
              tipoConta: { type: 'string', title: app.text('especie.campo.tipo-conta'), enum: ['CORRENTE', 'POUPANCA'], errorMessage: app.text('especie.erro.tipo-conta') },
              titularDocumento: { type: 'string', title: app.text('veiculo.campo.titular'), maxLength: 18, errorMessage: app.text('veiculo.erro.obrigatorio') },
              formaPagamento: { type: 'string' },
            },
          },
          uiSchema: {
            banco: { 'ui:enumNames': banks.data.map((b) => `${b.codigo} · ${b.nome}`) },
            conta: { 'ui:help': app.text('especie.campo.conta-ajuda') },
            tipoConta: { 'ui:widget': 'radio', 'ui:enumNames': [app.text('especie.conta.corrente'), app.text('especie.conta.poupanca')] },
            titularDocumento: { 'ui:help': app.text('veiculo.campo.titular-ajuda') },
            formaPagamento: { 'ui:widget': 'hidden' },
          },
          formData: current
            ? { banco: current.banco, agencia: current.agencia, digitoAgencia: current.digitoAgencia ?? '', conta: current.conta, tipoConta: current.tipoConta, titularDocumento: current.titularDocumento, formaPagamento: forma }
            : { tipoConta: 'CORRENTE', formaPagamento: forma },
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/dealership-account',
        },
      ],
    });
  });

  app.actions.register('vehicle-billing/dealership-account', {
    consistency: [{ fields: ['titularDocumento'], rule: 'the account is under the dealership’s CNPJ given on the billing order', message: VEHICLE_MESSAGES.dealershipAccount, by: 'handler' }],
    input: z.object({
      banco: z.string('@especie.erro.banco').regex(/^\d{3}$/, '@especie.erro.banco'),
      agencia: z.string('@especie.erro.agencia').regex(/^\d{4}$/, '@especie.erro.agencia'),
      digitoAgencia: z.string().regex(/^\d?$/, '@especie.erro.digito').optional(),
      conta: z.string('@especie.erro.conta').regex(/^\d{3,12}$/, '@especie.erro.conta'),
      tipoConta: z.enum(['CORRENTE', 'POUPANCA'], '@especie.erro.tipo-conta'),
      titularDocumento: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(20),
      formaPagamento: z.string().regex(/^[A-Z_]{2,30}$/).default('TED'),
    }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = quotaIdOf(upstream!);
      const data = await vehicle.status(upstream!, idCota);
      const cnpj = data?.dadosFaturamento?.cnpjConcessionaria;
      if (!data || !cnpj) return { kind: 'navigate', to: '/faturamento' };
      // The dealership's account must be under the dealership's own CNPJ (doc 2 §5).
      if (accountOwnerProblem(input.titularDocumento, cnpj)) return { kind: 'field-errors', errors: { titularDocumento: VEHICLE_MESSAGES.dealershipAccount } };
      try {
        const partner = await app.partners.forRequest(request);
        await vehicle.orderData(upstream!, {
          idCota,
          formaPagamento: input.formaPagamento,
          ...partnerOrderData(partner.partner, partner.branding.theme.primary),
          dadosBancarios: { banco: input.banco, agencia: input.agencia, ...(input.digitoAgencia ? { digitoAgencia: input.digitoAgencia } : {}), conta: input.conta, tipoConta: input.tipoConta, titularDocumento: cnpj },
        });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: data.status === 'PAGAMENTO_ESTORNADO' ? `${NOVO}/ordempagamento` : `${NOVO}/confirmar-faturamento` };
    },
  });
}
