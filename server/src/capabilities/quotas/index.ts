import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requestTarget, requestTargetOrHome, ReturnTo } from '../../security/local-target.js';
import quotaDetails from './quota-details.js';
import { listQuotas } from './quotas-upstream.js';
import { quotaListModel } from './quotas-screens.js';

/** The customer's quotas (/groups-and-quotas) and the choice of the quota to follow. */
export default async function quotas(app: FastifyInstance) {
  await app.register(quotaDetails);

  app.screens.register('groups-and-quotas', async (ctx) => {
    const page = z.coerce.number().int().min(1).max(10_000).catch(1).parse(ctx.query.get('pagina') ?? 1);
    const result = await listQuotas(ctx.upstream!, page);
    // The list names the customer's quotas: remember their ids for the ownership checks.
    const session = ctx.request.session!;
    const known = session.data.quotaIds ?? [];
    const seen = result.data.map((q) => q.idCota);
    if (result.total_pages <= 1 && page === 1) {
      if (known.length !== seen.length || seen.some((id) => !known.includes(id))) await app.sessions.patch(session, { quotaIds: seen });
    } else if (session.data.quotaIds && seen.some((id) => !known.includes(id))) {
      await app.sessions.patch(session, { quotaIds: [...new Set([...known, ...seen])] });
    }
    return quotaListModel(result, requestTarget(ctx.request, ctx.query.get('voltar')), app.text);
  });

  app.actions.register('quotas/select', {
    input: z.object({ idCota: z.coerce.number('@erro.cota-nao-encontrada').int().positive('@erro.cota-nao-encontrada'), voltar: ReturnTo }),
    async handler(input, { request }) {
      try {
        await app.quotaSelection.select(request, input.idCota);
      } catch (err) {
        if (err instanceof AppError && err.code === 'quota.not-found') {
          return { kind: 'error', title: app.text('erro.titulo'), message: app.text('erro.cota-nao-encontrada') };
        }
        throw err;
      }
      return { kind: 'navigate', to: requestTargetOrHome(request, input.voltar) };
    },
  });
}
