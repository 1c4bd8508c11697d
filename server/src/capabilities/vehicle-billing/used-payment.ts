import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatNationalId } from '../../domain/format.js';
import { isCompanySeller, segmentOf } from '../../domain/used-vehicle-seller.js';
import { NO_PROCESS, stepOf, type Steps } from './flow.js';
import { SEMINOVO } from './used-central.js';
import { BankInput, kindOf, saveSellerBank, sellerBankForm, sellerUpstream } from './used-seller.js';
import { quotaMove } from '../../security/once.js';

/**
 * The reversed payment of a used vehicle (doc 2 §4.5, §8): the probable causes (an invalid or
 * wrong account, an invalid recipient CPF/CNPJ), and the seller's bank data again — same rules as
 * the first time; once sent, the back office pays again and the timeline's payment is pending.
 * The follow-up itself (`acompanharpagamento`) is the timeline screen of `used-central.ts`.
 */
export default async function usedPayment(app: FastifyInstance, { steps }: { steps: Steps }) {
  steps.set(`${SEMINOVO}/dadosbancariosestorno`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    if (data.statusPagamento !== 'PAGAMENTO_ESTORNADO') return { redirect: `${SEMINOVO}/acompanharpagamento` };
    const seller = await sellerUpstream.read(ctx.upstream!);
    const segment = segmentOf(seller.tipoVendedor ?? data.tipoVendedor) ?? 'pessoafisica';
    return stepOf(app, 'seminovo-estorno', {
      aviso: app.text('seminovo.pagamento.estornado-causas'),
      ...(seller.vendedor ? { linhas: [{ label: app.text('seminovo.rotulo.vendedor'), text: `${seller.vendedor.nome} · ${formatNationalId(seller.vendedor.documento)}` }] } : {}),
      itens: [app.text(isCompanySeller(kindOf(segment)) ? 'seminovo.dados-bancarios.regra-pj' : 'seminovo.dados-bancarios.regra-pf'), app.text('seminovo.dados-bancarios.comprador')],
      formularios: [await sellerBankForm(app, ctx.upstream!, segment, seller, 'used-vehicle/reversal-bank-data')],
    });
  });

  app.actions.register('used-vehicle/reversal-bank-data', {
    idempotent: true,
    input: BankInput,
    once: { key: (input, { request }) => quotaMove(request, 'estorno-dados-bancarios', input) },
    async handler(input, { upstream }): Promise<ActionResult> {
      const refused = await saveSellerBank(app, upstream!, input, true);
      if (refused) return refused;
      return { kind: 'navigate', to: `${SEMINOVO}/acompanharpagamento` };
    },
  });
}
