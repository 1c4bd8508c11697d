import type { FastifyInstance } from 'fastify';
import { insurance } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { SandboxContext } from '../context.js';
import { pathQuota } from '../quota-access.js';

/** Premium of the credit-protection insurance the sandbox offers: 2.5 % of the instalment a month. */
const PREMIUM_RATE = 0.025;
/** Unemployment cover pays up to 6 instalments (doc 2 §4.9). */
const COVER_MONTHS = 6;

/** Insurance data of a quota (doc 2 §7 GET cotas/{id}/seguro/dados). */
export default async function insuranceRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, insurance.data, async (request, reply) => {
    const quota = pathQuota(state, request, reply);
    if (!quota) return reply;
    const remaining = Math.max(1, quota.parcelasRestantes);
    const valorParcela = Math.round((quota.valorSaldoDevedor / remaining) * 100) / 100;
    return {
      possui_seguro: state.specialFlows.insured.has(quota.idCota) ? ('S' as const) : ('N' as const),
      valorParcela,
      premioMensal: Math.round(valorParcela * PREMIUM_RATE * 100) / 100,
      mesesCobertura: COVER_MONTHS,
    };
  });
}
