import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cashBilling, usedVehicleSeller, type SellerData } from '../../../../back-office/index.js';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { normaliseAccount, normaliseAgencyDigit } from '../../domain/bank-account.js';
import { formatNationalId, normaliseNationalId } from '../../domain/format.js';
import { hasGeneratedOrder, isCompanySeller, SELLER_MESSAGES, SELLER_SEGMENTS, segmentOf, sellerAccountProblems, sellerDocumentProblem, type SellerKind } from '../../domain/used-vehicle-seller.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { navigate, NO_PROCESS, quotaIdOf, refusalOf, stepOf, type StepForm, type Steps } from './flow.js';
import { PURCHASE_ORDER_FILE } from './order.js';
import { SEMINOVO } from './used-central.js';

/** The seller's data calls (back-office/used-vehicle-seller.ts), for the selected quota. */
export const sellerUpstream = {
  read: (u: CustomerUpstream) => u.request(usedVehicleSeller.sellerData, { query: { idCota: quotaIdOf(u) } }),
  save: (u: CustomerUpstream, body: Omit<z.input<NonNullable<typeof usedVehicleSeller.saveSellerData.body>>, 'idCota'>) => u.request(usedVehicleSeller.saveSellerData, { json: { idCota: quotaIdOf(u), ...body } }),
  banks: (u: CustomerUpstream) => u.request(cashBilling.banks, { params: { idCota: quotaIdOf(u) } }),
};

const SEGMENTS = Object.keys(SELLER_SEGMENTS) as [string, ...string[]];
const Segment = z.enum(SEGMENTS);
export const kindOf = (segment: string): SellerKind => SELLER_SEGMENTS[segment]!;

/** The bank data form of the seller (doc 2 §3.6): bank, account type, branch and its digit, account with digit, and whose account it is. */
export async function sellerBankForm(app: FastifyInstance, upstream: CustomerUpstream, segment: string, seller: SellerData, acao: string): Promise<StepForm> {
  const banks = await sellerUpstream.banks(upstream);
  const company = isCompanySeller(kindOf(segment));
  const current = seller.dadosBancarios;
  return {
    id: 'form-dados-bancarios-vendedor',
    schema: {
      type: 'object',
      required: ['banco', 'agencia', 'conta', 'tipoConta', 'titularDocumento'],
      properties: {
        segmento: { type: 'string', default: segment },
        banco: { type: 'string', title: app.text('seminovo.campo.banco'), enum: banks.data.map((b) => b.codigo), errorMessage: app.text('veiculo.erro.obrigatorio') },
        tipoConta: { type: 'string', title: app.text('seminovo.campo.tipo-conta'), enum: ['CORRENTE', 'POUPANCA'], errorMessage: app.text('veiculo.erro.obrigatorio') },
        agencia: { type: 'string', title: app.text('seminovo.campo.agencia'), maxLength: 4, errorMessage: app.text('veiculo.erro.obrigatorio') },
        digitoAgencia: { type: 'string', title: app.text('seminovo.campo.digito-agencia'), maxLength: 1 },
        conta: { type: 'string', title: app.text('seminovo.campo.conta'), maxLength: 20, errorMessage: app.text('veiculo.erro.obrigatorio') },
        titularDocumento: { type: 'string', title: app.text(company ? 'seminovo.campo.titular-cnpj' : 'seminovo.campo.titular-cpf'), maxLength: 18, errorMessage: app.text('veiculo.erro.obrigatorio') },
      },
    },
    uiSchema: {
      segmento: { 'ui:widget': 'hidden' },
      banco: { 'ui:enumNames': banks.data.map((b) => `${b.codigo} · ${b.nome}`) },
      tipoConta: { 'ui:widget': 'radio', 'ui:enumNames': [app.text('seminovo.conta.corrente'), app.text('seminovo.conta.poupanca')] },
      conta: { 'ui:help': app.text('seminovo.campo.conta-ajuda') },
    },
    formData: {
      segmento: segment,
      tipoConta: current?.tipoConta ?? 'CORRENTE',
      ...(current ? { banco: current.idBanco, agencia: current.agencia, digitoAgencia: current.digitoAgencia ?? '', conta: current.conta } : {}),
      titularDocumento: seller.vendedor ? formatNationalId(seller.vendedor.documento) : '',
    },
    rotulo: app.text('veiculo.continuar'),
    acao,
  };
}

export const BankInput = z.object({
  segmento: Segment,
  banco: z.string('@veiculo.erro.obrigatorio').min(1, '@veiculo.erro.obrigatorio'),
  tipoConta: z.string('@veiculo.erro.obrigatorio').min(1, '@veiculo.erro.obrigatorio'),
  agencia: z.string('@veiculo.erro.obrigatorio').min(1, '@veiculo.erro.obrigatorio').max(10),
  digitoAgencia: z.string().max(2).optional(),
  conta: z.string('@veiculo.erro.obrigatorio').min(1, '@veiculo.erro.obrigatorio').max(30),
  titularDocumento: z.string('@veiculo.erro.obrigatorio').min(1, '@veiculo.erro.obrigatorio').max(20),
});

/**
 * Checks and saves the seller's account: the account rules, held by the seller (company CNPJ for
 * companies), never by the buyer. Field errors (nothing sent) or null once the back office has it.
 */
export async function saveSellerBank(app: FastifyInstance, upstream: CustomerUpstream, input: z.infer<typeof BankInput>, estorno: boolean): Promise<ActionResult | null> {
  const kind = kindOf(input.segmento);
  let seller: SellerData;
  try {
    seller = await sellerUpstream.read(upstream);
  } catch (err) {
    return refusalOf(app, err);
  }
  if (!seller.vendedor) return { kind: 'field-errors', errors: {}, message: app.text('seminovo.erro.sem-vendedor') };
  const buyer = upstream.session.data.customer.inscricaoNacional;
  const problems = sellerAccountProblems(kind, input, seller.vendedor.documento, buyer);
  if (Object.keys(problems).length) return { kind: 'field-errors', errors: problems };
  try {
    await sellerUpstream.save(upstream, {
      tipoVendedor: kind,
      dadosBancarios: {
        idBanco: input.banco,
        tipoConta: input.tipoConta as 'CORRENTE' | 'POUPANCA',
        agencia: input.agencia.trim(),
        ...(normaliseAgencyDigit(input.digitoAgencia) ? { digitoAgencia: normaliseAgencyDigit(input.digitoAgencia) } : {}),
        conta: normaliseAccount(input.conta),
        titularDocumento: normaliseNationalId(input.titularDocumento),
      },
      ...(estorno ? { estorno: true } : {}),
    });
  } catch (err) {
    return refusalOf(app, err);
  }
  return null;
}

/**
 * The seller of a used vehicle (doc 2 §2.5, §3.6, §5): person or company, then reseller, rental
 * company or other company; the personal data (accepting the terms before sending), the bank data
 * (the seller's own account), the generated purchase order of a company seller, and the divergent
 * owner data the back office asks to revalidate.
 */
export default async function usedSeller(app: FastifyInstance, { steps }: { steps: Steps }) {
  steps.set(`${SEMINOVO}/vendedor`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-vendedor', { botoes: [navigate(app, 'seminovo.vendedor.pf', `${SEMINOVO}/vendedor/pessoafisica/dadospessoais`), navigate(app, 'seminovo.vendedor.pj', `${SEMINOVO}/vendedorpj`, 'secondary')] });
  });

  steps.set(`${SEMINOVO}/vendedorpj`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-vendedorpj', {
      botoes: ['revendedora', 'locadora', 'pessoajuridica'].map((s, i) => navigate(app, `seminovo.vendedor.${s}`, `${SEMINOVO}/vendedor/${s}/dadospessoais`, i === 0 ? 'primary' : 'secondary')),
    });
  });

  for (const segment of SEGMENTS) {
    const kind = kindOf(segment);
    const company = isCompanySeller(kind);

    steps.set(`${SEMINOVO}/vendedor/${segment}/dadospessoais`, async (ctx, data) => {
      if (!data) return NO_PROCESS;
      const seller = await sellerUpstream.read(ctx.upstream!);
      const v = seller.tipoVendedor === kind ? seller.vendedor : null;
      return stepOf(app, `seminovo-dados-pessoais-${company ? 'pj' : 'pf'}`, {
        linhas: [{ label: app.text('seminovo.rotulo.tipo-vendedor'), text: app.text(`seminovo.vendedor.${segment}`) }],
        formularios: [
          {
            id: 'form-dados-pessoais-vendedor',
            schema: {
              type: 'object',
              required: ['nome', 'documento', 'aceite'],
              properties: {
                segmento: { type: 'string', default: segment },
                nome: { type: 'string', title: app.text(company ? 'seminovo.campo.razao-social' : 'seminovo.campo.nome'), maxLength: 120, errorMessage: app.text('veiculo.erro.obrigatorio') },
                documento: { type: 'string', title: app.text(company ? 'seminovo.campo.cnpj' : 'seminovo.campo.cpf'), maxLength: 18, errorMessage: app.text('veiculo.erro.obrigatorio') },
                email: { type: 'string', title: app.text('seminovo.campo.email'), maxLength: 120 },
                telefone: { type: 'string', title: app.text('seminovo.campo.telefone'), maxLength: 16 },
                aceite: { type: 'boolean', const: true, title: app.text('seminovo.campo.aceite'), errorMessage: app.text('seminovo.erro.aceite') },
              },
            },
            uiSchema: { segmento: { 'ui:widget': 'hidden' } },
            formData: { segmento: segment, ...(v ? { nome: v.nome, documento: formatNationalId(v.documento), email: v.email ?? '', telefone: v.telefone ?? '' } : {}) },
            rotulo: app.text('veiculo.continuar'),
            acao: 'used-vehicle/seller-personal',
          },
        ],
      });
    });

    steps.set(`${SEMINOVO}/vendedor/${segment}/dadosbancarios`, async (ctx, data) => {
      if (!data) return NO_PROCESS;
      const seller = await sellerUpstream.read(ctx.upstream!);
      if (!seller.vendedor || seller.tipoVendedor !== kind) return { redirect: `${SEMINOVO}/vendedor/${segment}/dadospessoais` };
      return stepOf(app, 'seminovo-dados-bancarios', {
        linhas: [{ label: app.text('seminovo.rotulo.vendedor'), text: `${seller.vendedor.nome} · ${formatNationalId(seller.vendedor.documento)}` }],
        itens: [app.text(company ? 'seminovo.dados-bancarios.regra-pj' : 'seminovo.dados-bancarios.regra-pf'), app.text('seminovo.dados-bancarios.comprador')],
        formularios: [await sellerBankForm(app, ctx.upstream!, segment, seller, 'used-vehicle/seller-bank')],
      });
    });

    if (hasGeneratedOrder(kind)) {
      steps.set(`${SEMINOVO}/vendedor/${segment}/ordemgerada`, async (ctx, data) => {
        if (!data) return NO_PROCESS;
        return orderStep(ctx.upstream!, segment);
      });
    }
  }

  /** The purchase order generated for a company seller: download it, then send the seller's documents. */
  async function orderStep(upstream: CustomerUpstream, segment: string) {
    const seller = await sellerUpstream.read(upstream);
    return stepOf(app, 'seminovo-ordem-gerada', {
      ...(seller.vendedor ? { linhas: [{ label: app.text('seminovo.rotulo.vendedor'), text: `${seller.vendedor.nome} · ${formatNationalId(seller.vendedor.documento)}` }] } : {}),
      itens: [app.text('seminovo.ordem-gerada.passo1'), app.text('seminovo.ordem-gerada.passo2')],
      botoes: [
        { rotulo: app.text('veiculo.ordem-compra.baixar'), variante: 'primary', acao: { type: 'download', href: PURCHASE_ORDER_FILE, filename: 'ordem-de-compra.pdf' } },
        navigate(app, 'seminovo.enviar-documentos', `${SEMINOVO}/vendedor/${segment}/anexos`, 'secondary'),
      ],
    });
  }

  // The order page the table names for a reseller or rental company awaiting documents.
  steps.set(`${SEMINOVO}/ordemcompra`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    return orderStep(ctx.upstream!, segmentOf(data.tipoVendedor) ?? 'revendedora');
  });

  steps.set(`${SEMINOVO}/dados-proprietario-divergente`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const segment = segmentOf(data.tipoVendedor);
    return stepOf(app, 'seminovo-proprietario-divergente', {
      ...(data.respostaAnalista ? { linhas: [{ label: app.text('seminovo.rotulo.observacao'), text: data.respostaAnalista }] } : {}),
      botoes: [navigate(app, 'seminovo.proprietario-divergente.corrigir', segment ? `${SEMINOVO}/vendedor/${segment}/dadospessoais` : `${SEMINOVO}/vendedor`)],
    });
  });

  app.actions.register('used-vehicle/seller-personal', {
    consistency: [
      { fields: ['segmento', 'documento'], rule: 'a company seller (by its segment) gives a CNPJ', message: SELLER_MESSAGES.cnpj, by: 'handler' },
      { fields: ['segmento', 'documento'], rule: 'a person seller gives a CPF', message: SELLER_MESSAGES.cpf, by: 'handler' },
      { fields: ['documento'], rule: 'the seller is not the buyer (the quota holder)', message: SELLER_MESSAGES.buyer, by: 'handler' },
    ],
    input: z.object({
      segmento: Segment,
      nome: z.string('@veiculo.erro.obrigatorio').trim().min(2, '@veiculo.erro.obrigatorio').max(120),
      documento: z.string('@veiculo.erro.obrigatorio').min(1, '@veiculo.erro.obrigatorio').max(20),
      email: z.union([z.literal(''), z.email('@seminovo.erro.email')]).optional(),
      telefone: z.string().max(20).optional(),
      aceite: z.literal(true, '@seminovo.erro.aceite'),
    }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const kind = kindOf(input.segmento);
      const problem = sellerDocumentProblem(kind, input.documento, upstream!.session.data.customer.inscricaoNacional);
      if (problem) return { kind: 'field-errors', errors: { documento: problem } };
      const telefone = (input.telefone ?? '').replace(/\D/g, '');
      try {
        await sellerUpstream.save(upstream!, {
          tipoVendedor: kind,
          vendedor: { nome: input.nome, documento: normaliseNationalId(input.documento), ...(input.email ? { email: input.email } : {}), ...(telefone ? { telefone } : {}) },
        });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/vendedor/${input.segmento}/dadosbancarios` };
    },
  });

  app.actions.register('used-vehicle/seller-bank', {
    consistency: [
      { fields: ['titularDocumento'], rule: 'the account is under the seller’s document given on the step before (a company’s CNPJ)', message: SELLER_MESSAGES.personAccount, by: 'handler' },
      { fields: ['titularDocumento'], rule: 'the account is not the buyer’s (the quota holder’s)', message: SELLER_MESSAGES.buyer, by: 'handler' },
    ],
    input: BankInput,
    async handler(input, { upstream }): Promise<ActionResult> {
      const refused = await saveSellerBank(app, upstream!, input, false);
      if (refused) return refused;
      return { kind: 'navigate', to: hasGeneratedOrder(kindOf(input.segmento)) ? `${SEMINOVO}/vendedor/${input.segmento}/ordemgerada` : `${SEMINOVO}/vendedor/${input.segmento}/anexos` };
    },
  });
}
