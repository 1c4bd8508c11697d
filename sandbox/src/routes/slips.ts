import { slips } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dueFactor } from '../slip-line.js';
import { fail, invalid, notFound } from '../http.js';
import { pathQuota } from '../quota-access.js';
import { renderPdf } from '../pdf.js';
import { slipPixCode } from '../slip-pix.js';
import { preferenceLocked } from '../clock.js';
import type { SandboxContext } from '../context.js';
import type { Instalment, Slip } from '../state/billing.js';
import type { QuotaRecord } from '../state/store.js';

const NO_GROUPING = 'Parcelas em atraso não podem ser agrupadas com parcelas em dia.';

const Generate = z.object({ identificadorProcesso: z.string().min(1), cobrancas: z.array(z.string().min(1)).min(1).max(24) });
const Mark = z.object({ identificadorCobranca: z.string().min(1) });
const Recipients = z.array(z.object({ nome: z.string().trim().min(1).max(120), email: z.email() })).min(1).max(5);
const Delivery = z.object({ formaEnvio: z.enum(['EMAIL', 'CORREIO']) });

/**
 * Slips (spec doc 1 §7 "Slips"): second-copy listing with unification of the customer's other
 * quotas (SN_UnificaParcelasOutrasCota), mark / unmark, generation, payoff, the slip, its PDF
 * and e-mail; plus the slip-delivery preference (formaEnvio, 24-hour lockout). These calls need
 * the token issued on quota selection for that quota. Late instalments never share a slip with
 * on-time ones; the same generation request twice answers the same slip.
 */
export default async function slipRoutes(app: FastifyInstance, { state, outbox }: SandboxContext) {
  const billing = () => state.billing;

  const quotaOf = (request: FastifyRequest, reply: FastifyReply) => pathQuota(state, request, reply, true);

  function pendingView(i: Instalment, marked: boolean) {
    return {
      ...billing().view(i, state.quotas.get(i.idCota)!),
      idMovimentoFinanceiro: i.idMovimentoFinanceiro,
      numeroParcela: i.numero,
      emAtraso: billing().isLate(i),
      marcada: marked,
      composicao: {
        fundoComum: i.fundoComum,
        taxaAdministracao: i.taxaAdministracao,
        fundoReserva: i.fundoReserva,
        seguroVida: i.seguroVida,
      },
    };
  }

  function slipView(slip: Slip) {
    return {
      idBoleto: slip.idBoleto,
      idCota: slip.idCota,
      linhaDigitavel: slip.linhaDigitavel,
      valorCobrado: slip.valorCobrado,
      dataVencimento: slip.dataVencimento,
      hash: slip.hash,
      descricao: slip.descricao,
      cobrancas: slip.cobrancas,
      situacao: slip.situacao,
      pixCopiaECola: slip.pixCopiaECola,
    };
  }

  /** Every slip the sandbox issues is a "boleto com Pix": its code is made once, as it is issued. */
  function withPix(slip: Slip, quota: QuotaRecord): Slip {
    const partner = state.partners.get(quota.partnerId);
    if (partner) slip.pixCopiaECola ??= slipPixCode(slip, partner);
    return slip;
  }

  /** Instalments the customer may pay on a slip of this quota: its own, or all their quotas' when unifying. */
  function offered(quota: QuotaRecord, unifica: boolean): Instalment[] {
    const quotas = unifica ? state.quotasOf(quota.owner) : [quota];
    return quotas.flatMap((q) => billing().openOf(q.idCota));
  }

  function mixesLateAndOnTime(list: Instalment[]): boolean {
    return list.some((i) => billing().isLate(i)) && list.some((i) => !billing().isLate(i));
  }

  serve(app, slips.secondCopy, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const flag = (request.query as { SN_UnificaParcelasOutrasCota?: string }).SN_UnificaParcelasOutrasCota ?? 'N';
    if (flag !== 'S' && flag !== 'N') return invalid(reply, 'SN_UnificaParcelasOutrasCota deve ser S ou N.');
    const identificador = randomBytes(8).toString('hex');
    const process = { identificador, owner: quota.owner, idCota: quota.idCota, unifica: flag === 'S', marcadas: new Set<string>() };
    billing().processes.set(identificador, process);
    return { identificador, parcelas: offered(quota, process.unifica).map((i) => pendingView(i, false)) };
  });

  /** The latest second-copy listing of this quota: marks apply to it. */
  function currentProcess(quota: QuotaRecord) {
    return [...billing().processes.values()].filter((p) => p.idCota === quota.idCota && p.owner === quota.owner).at(-1);
  }

  for (const verb of ['marcar', 'desmarcar'] as const) {
    serve(app, verb === 'marcar' ? slips.mark : slips.unmark, async (request, reply) => {
      const quota = quotaOf(request, reply);
      if (!quota) return reply;
      const body = Mark.safeParse(request.body);
      if (!body.success) return invalid(reply, 'Informe o identificadorCobranca.');
      const process = currentProcess(quota);
      const instalment = billing().instalments.get(body.data.identificadorCobranca);
      if (!process || !instalment || !offered(quota, process.unifica).includes(instalment)) return notFound(reply, 'Parcela não encontrada.');
      if (verb === 'desmarcar') {
        process.marcadas.delete(instalment.identificadorCobranca);
        return { identificador: process.identificador, marcadas: [...process.marcadas] };
      }
      const chosen = [...process.marcadas].map((id) => billing().instalments.get(id)!).concat(instalment);
      if (mixesLateAndOnTime(chosen)) return invalid(reply, NO_GROUPING);
      process.marcadas.add(instalment.identificadorCobranca);
      return { identificador: process.identificador, marcadas: [...process.marcadas] };
    });
  }

  function generate(reply: FastifyReply, quota: QuotaRecord, processId: string, ids: string[]) {
    const process = billing().processes.get(processId);
    if (!process || process.owner !== quota.owner || process.idCota !== quota.idCota) return notFound(reply, 'Processo de emissão não encontrado.');
    const allowed = offered(quota, process.unifica);
    const chosen = ids.map((id) => billing().instalments.get(id));
    if (chosen.some((i) => !i || !allowed.includes(i))) return notFound(reply, 'Parcela não encontrada.');
    const list = chosen as Instalment[];
    if (mixesLateAndOnTime(list)) return invalid(reply, NO_GROUPING);
    const chave = `${processId}:${[...ids].sort().join(',')}`;
    return slipView(withPix(billing().issue(quota.owner, quota.idCota, list, chave), quota));
  }

  serve(app, slips.generate, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const body = Generate.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Informe identificadorProcesso e cobrancas.');
    return generate(reply, quota, body.data.identificadorProcesso, body.data.cobrancas);
  });

  serve(app, slips.generateMarked, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const process = currentProcess(quota);
    if (!process || process.marcadas.size === 0) return invalid(reply, 'Marque ao menos uma parcela.');
    return generate(reply, quota, process.identificador, [...process.marcadas]);
  });

  function payoffValue(quota: QuotaRecord) {
    const open = billing().openOf(quota.idCota);
    const late = open.reduce((sum, i) => sum + billing().amount(i).encargos, 0);
    return Math.round((quota.valorSaldoDevedor + late) * 100) / 100;
  }

  serve(app, slips.payoffQuote, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (quota.situacaoCota !== 'NORMAL' || quota.valorSaldoDevedor <= 0) return invalid(reply, 'Esta cota não pode ser quitada.');
    return { valorQuitacao: payoffValue(quota), parcelasRestantes: quota.parcelasRestantes, dataVencimento: state.clock.day(1) };
  });

  serve(app, slips.payoffSlip, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (quota.situacaoCota !== 'NORMAL' || quota.valorSaldoDevedor <= 0) return invalid(reply, 'Esta cota não pode ser quitada.');
    const open = billing().openOf(quota.idCota);
    const slip = billing().issue(quota.owner, quota.idCota, open, `quitacao:${quota.idCota}:${state.clock.day()}`, {
      valor: payoffValue(quota),
      descricao: 'Quitação da cota',
    });
    return slipView(withPix(slip, quota));
  });

  function slipOf(request: FastifyRequest, reply: FastifyReply): Slip | null {
    const quota = quotaOf(request, reply);
    if (!quota) return null;
    const slip = billing().slips.get((request.params as { b: string }).b);
    if (!slip || slip.owner !== quota.owner || slip.idCota !== quota.idCota) {
      notFound(reply, 'Boleto não encontrado.');
      return null;
    }
    return slip;
  }

  serve(app, slips.slip, async (request, reply) => {
    const slip = slipOf(request, reply);
    return slip ? slipView(slip) : reply;
  });

  async function pdf(request: FastifyRequest, reply: FastifyReply) {
    const slip = slipOf(request, reply);
    if (!slip) return reply;
    const quota = state.quotas.get(slip.idCota)!;
    const owner = state.customers.get(slip.owner)!;
    const body = await renderPdf({
      title: 'Boleto de pagamento',
      rows: [
        ['Pagador', owner.nome],
        ['Grupo / cota', `${quota.grupo} / ${quota.cota}`],
        ['Referente a', slip.descricao],
        ['Valor', `R$ ${slip.valorCobrado.toFixed(2).replace('.', ',')}`],
        ['Vencimento', slip.dataVencimento.split('-').reverse().join('/')],
        ['Linha digitável', slip.linhaDigitavel],
        ['Fator de vencimento', dueFactor(slip.dataVencimento)],
      ],
      barcode: slip.codigoBarras,
      ...(slip.pixCopiaECola ? { pix: slip.pixCopiaECola } : {}),
    });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="boleto-${slip.idBoleto}.pdf"`).send(body);
  }
  app.get('/cotas/:id/boletos/:b/imprimir', pdf);
  app.get('/cotas/:id/cobrancas/segunda-via/imprimir/:b', pdf);

  serve(app, slips.email, async (request, reply) => {
    const slip = slipOf(request, reply);
    if (!slip) return reply;
    const body = Recipients.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Informe nome e e-mail válidos de cada destinatário.');
    for (const r of body.data) {
      const pix = slip.pixCopiaECola ? ` Para pagar com Pix, use o código Pix copia e cola: ${slip.pixCopiaECola}` : '';
      outbox.push({ at: new Date(state.clock.now()).toISOString(), channel: 'email', to: r.email, text: `Olá, ${r.nome}: segue o boleto ${slip.idBoleto} (${slip.descricao}), linha digitável ${slip.linhaDigitavel}.${pix}` });
    }
    return reply.code(202).send({ enviados: body.data.length });
  });

  serve(app, slips.delivery, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    return billing().delivery.get(quota.idCota) ?? { formaEnvio: 'EMAIL' as const, dataAlteracao: null };
  });

  serve(app, slips.setDelivery, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const body = Delivery.safeParse(request.body);
    if (!body.success) return invalid(reply, 'formaEnvio deve ser EMAIL ou CORREIO.');
    const current = billing().delivery.get(quota.idCota)!;
    if (preferenceLocked(current.dataAlteracao, state.clock.now())) {
      return fail(reply, 400, 'A forma de envio só pode ser alterada 24 horas após a última alteração.', 'PREFERENCE_LOCKED');
    }
    const next = { formaEnvio: body.data.formaEnvio, dataAlteracao: new Date(state.clock.now()).toISOString() };
    billing().delivery.set(quota.idCota, next);
    return next;
  });
}
