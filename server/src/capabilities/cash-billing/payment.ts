import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDateTime } from '../../domain/clock.js';
import { formatMoney, formatNationalId, padDigits } from '../../domain/format.js';
import { accountOwnerProblem, REGISTRATION_MESSAGES } from '../../domain/registration.js';
import { timelineSteps } from '../../domain/timeline.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { cashBillingUpstream as cash } from './cash-billing-upstream.js';
import { billingOf, ESPECIE, NO_PROCESS, quotaIdOf, refusalOf } from './flow.js';
import { PAYMENT_HOLD_MS, quotaMove } from '../../security/once.js';

/**
 * Bank data (the holder's own CPF/CNPJ; a reversed payment reopens it), the authorization term
 * (accepted once, then the bank data lock) and the payment follow-up (a timeline in Brasília time).
 */
export default async function cashBillingPayment(app: FastifyInstance) {
  app.screens.register('especie-dados-bancarios', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, banks] = await Promise.all([billingOf(upstream), cash.banks(upstream, quotaIdOf(upstream))]);
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
    idempotent: true,
    consistency: [{ fields: ['titularDocumento'], rule: 'the account is under the quota holder’s own CPF or CNPJ', message: REGISTRATION_MESSAGES.accountOwner, by: 'handler' }],
    input: BankInput,
    once: { key: (input, { request }) => quotaMove(request, 'dados-bancarios', input) },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const holder = request.session!.data.customer.inscricaoNacional;
      const owner = input.titularDocumento ? accountOwnerProblem(input.titularDocumento, holder) : null;
      if (owner) return { kind: 'field-errors', errors: { titularDocumento: owner } };
      try {
        await cash.update(upstream!, quotaIdOf(upstream!), { dadosBancarios: { banco: input.banco, agencia: input.agencia, ...(input.digitoAgencia ? { digitoAgencia: input.digitoAgencia } : {}), conta: input.conta, tipoConta: input.tipoConta, titularDocumento: holder } });
        if (input.estorno) await cash.requestPayment(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: input.estorno ? `${ESPECIE}/acompanharpagamento` : `${ESPECIE}/termodeautorizacao` };
    },
  });

  app.screens.register('especie-termo', async (ctx) => {
    const upstream = ctx.upstream!;
    const [data, quota] = await Promise.all([billingOf(upstream), selectedQuota(upstream)]);
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
    idempotent: true,
    input: z.object({ aceite: z.literal(true, '@especie.erro.aceite') }),
    once: { key: (_input, { request }) => quotaMove(request, 'termo'), holdMs: PAYMENT_HOLD_MS },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await cash.update(upstream!, quotaIdOf(upstream!), { aceiteTermo: true });
        await cash.requestPayment(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${ESPECIE}/acompanharpagamento` };
    },
  });

  app.screens.register('especie-acompanhar', async (ctx) => {
    const data = await billingOf(ctx.upstream!);
    if (!data) return NO_PROCESS;
    const sent = data.status === 'PAGAMENTO_ENVIADO';
    const passos = timelineSteps(
      data.timelinePagamento.map((e) => ({ title: e.descricao, situation: e.situacao, when: formatDateTime(e.em) })),
      (key) => app.text(key),
    );
    return { passos, situacao: app.text(sent ? 'especie.pagamento-enviado' : 'especie.aguardando-pagamento') };
  });
}
