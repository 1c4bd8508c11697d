import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDateTime } from '../../domain/clock.js';
import { upstreamNow } from '../../upstream/server-time.js';
import { nextPreferenceChange } from '../../domain/preference-lockout.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { NO_QUOTA, selectedQuotaId, slipFailure } from './action-helpers.js';
import { slipsUpstream } from './slips-upstream.js';

/**
 * Slip delivery (/boletos/recebimentodeboleto): e-mail or post, per quota (formaEnvio and the
 * time of the last change, spec doc 2 §3.9); changeable again only if never changed or the last
 * change is over 24 hours old — the screen says when it can change next.
 */
export default async function delivery(app: FastifyInstance) {
  app.screens.register('boletos-recebimento', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    let current;
    const now = upstreamNow(ctx.upstream!);
    try {
      current = await slipsUpstream.delivery(ctx.upstream!, idCota);
    } catch (err) {
      if (err instanceof UpstreamError && !err.tokenExpired) return { carregou: false };
      throw err;
    }
    // The lockout runs on the back office's clock, which is the one that enforces it.
    const next = nextPreferenceChange(current.dataAlteracao, await now);
    return {
      carregou: true,
      atual: app.text(`boletos.recebimento.${current.formaEnvio}`),
      formaEnvio: current.formaEnvio,
      bloqueado: next !== null,
      proximaAlteracao: next ? formatDateTime(next) : '',
    };
  });

  app.actions.register('slips/delivery', {
    input: z.object({ formaEnvio: z.enum(['EMAIL', 'CORREIO'], '@boletos.erro.forma-envio') }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = selectedQuotaId(request);
      if (idCota === null) return NO_QUOTA;
      try {
        await slipsUpstream.setDelivery(upstream!, idCota, input.formaEnvio);
      } catch (err) {
        if (err instanceof UpstreamError && err.status === 400) return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('boletos.erro.preferencia') };
        return slipFailure(app, err, 'boletos.erro.preferencia');
      }
      return { kind: 'snackbar', message: app.text('boletos.recebimento.alterado'), to: '/boletos/recebimentodeboleto' };
    },
  });
}
