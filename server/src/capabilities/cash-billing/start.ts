import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { billingKindOf } from '../../domain/billing-kind.js';
import { localNow } from '../../domain/clock.js';
import { isContemplated, isPaidOff } from '../../domain/quota-flags.js';
import { serverTime } from '../../upstream/server-time.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { cashBillingUpstream as cash } from './cash-billing-upstream.js';
import { ESPECIE, quotaIdOf, refusalOf } from './flow.js';
import { billingCase, openBillingCase } from './progress.js';
import { quotaMove } from '../../security/once.js';

/** The restriction return code of the core system that means a restricted CPF/CNPJ (doc 2 §4.3). */
const RESTRICTION_CODE = 27;

/** Starting cash billing: the requirements screen and the start, which confirms the type for good. */
export default async function cashBillingStart(app: FastifyInstance) {
  // Requirements (doc 2 §4.4): only real-estate or service quotas; FGTS in the contemplating bid
  // excludes cash; anniversary period, no third-party payment, no other overdue quota. A paid-off
  // quota is told so first; a restricted CPF/CNPJ (return code 27) goes to its own screen.
  app.screens.register('faturamento-iniciar', async (ctx) => {
    const upstream = ctx.upstream!;
    // The same route starts a vehicle billing: a contemplated vehicle quota goes to its invoicing type.
    const [quota, time] = await Promise.all([selectedQuota(upstream), serverTime(upstream)]);
    if (billingKindOf(quota, isContemplated(quota, localNow(time).slice(0, 10))) === 'veiculo') return { redirect: `/faturamento/tipo${ctx.query.get('quitada') === 'ciente' ? '?quitada=ciente' : ''}` };
    const check = await cash.check(upstream, quotaIdOf(upstream));
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
    idempotent: true,
    input: z.object({ confirmaTipo: z.literal(true, '@especie.erro.confirma-tipo') }),
    once: { key: (_input, { request }) => quotaMove(request, 'faturamento-especie') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        const check = await cash.check(upstream!, quotaIdOf(upstream!));
        if (!check.tipoFaturamento) await cash.start(upstream!, quotaIdOf(upstream!));
        if (!(await billingCase(upstream!))) await openBillingCase(upstream!);
      } catch (err) {
        if (err instanceof UpstreamError && err.code === String(RESTRICTION_CODE)) return { kind: 'navigate', to: '/faturamento/cpfrestrito' };
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${ESPECIE}/introducao` };
    },
  });
}
