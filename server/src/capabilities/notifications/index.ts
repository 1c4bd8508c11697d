import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDate } from '../../domain/format.js';
import { nextPreferenceChange } from '../../domain/preference-lockout.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { formatDateTime } from '../../domain/clock.js';
import { upstreamNow } from '../../upstream/server-time.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { CLIENT_PLATFORM_HEADER } from '../../../../screens/contract/index.js';
import { getPreferences, listNotifications, markRead, putPreferences } from './notifications-upstream.js';

/** Notification methods the back office knows (formaEnvio), with their pt-BR names in texts. */
const METHODS = ['EMAIL', 'SMS', 'WHATSAPP'] as const;

/**
 * Notifications (spec doc 1 §2, §7, §8): /notifications (informativos; a 404 upstream is an empty
 * list, other failures a message on the screen), /notifications/{id} (opening an unread one marks
 * it read), and /notifications/preferencias: the notification method of the selected quota, which
 * changes again only after the 24-hour lockout (domain/preference-lockout.ts, doc 2 §4.11), plus
 * push opt-in and status-bar colour through the native bridge, inside a native wrapper only.
 */
export default async function notifications(app: FastifyInstance) {
  // Preferences are the customer's own choice: a transparent login (partner agent) cannot change them.
  const agentRefusal = (): ActionResult => ({ kind: 'error', title: app.text('erro.titulo'), message: app.text('notificacoes.agente') });

  app.screens.register('notificacoes', async (ctx) => {
    try {
      const list = await listNotifications(ctx.upstream!);
      const unread = list.filter((n) => !n.read).length;
      return {
        notificacoes: list.map((n) => ({
          id: n.id,
          titulo: n.title,
          data: formatDate(n.created_at.slice(0, 10)),
          naoLida: !n.read,
          link: `/notifications/${n.id}`,
        })),
        resumo: unread === 0 ? '' : app.countText('notificacoes.nao-lidas', unread),
        erro: false,
      };
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      ctx.request.log.warn({ status: err.status }, 'notifications unavailable');
      return { notificacoes: [], resumo: '', erro: true };
    }
  });

  app.screens.register('notificacao', async (ctx) => {
    const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).safeParse(ctx.params.id);
    if (!id.success) return { naoEncontrada: true };
    const found = (await listNotifications(ctx.upstream!)).find((n) => n.id === id.data);
    if (!found) return { naoEncontrada: true };
    let read = found.read;
    // A partner agent reading on the customer's behalf (transparent login) leaves it unread.
    if (!read && !ctx.upstream!.session.data.transparent) {
      try {
        await markRead(ctx.upstream!, found.id);
        read = true;
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        ctx.request.log.warn({ status: err.status }, 'notification not marked read');
      }
    }
    return {
      titulo: found.title,
      texto: found.message,
      data: formatDate(found.created_at.slice(0, 10)),
      situacao: app.text(read ? 'notificacoes.lida' : 'notificacoes.nao-lida'),
    };
  });

  app.screens.register('notificacoes-preferencias', async (ctx) => {
    const upstream = ctx.upstream!;
    const state = await preferenceState(upstream);
    const native = inNativeWrapper(ctx.request);
    // The back office owns block_push_notification (another device may have changed it): tokens follow it.
    await app.pushTokens.setBlocked(upstream.session.data.customer.inscricaoNacional, state.blockPush);
    return {
      formaEnvio: state.formaEnvio,
      formaAtual: app.text(`notificacoes.forma.${state.formaEnvio}`),
      metodos: { codigos: [...METHODS], nomes: METHODS.map((m) => app.text(`notificacoes.forma.${m}`)) },
      bloqueada: state.next !== null,
      proximaAlteracao: state.next ? app.text('notificacoes.proxima-alteracao', { quando: formatDateTime(state.next) }) : '',
      ultimaAlteracao: state.last ? app.text('notificacoes.ultima-alteracao', { quando: formatDateTime(state.last) }) : app.text('notificacoes.nunca-alterada'),
      nativo: native,
      pushBloqueado: state.blockPush,
      pushSituacao: app.text(state.blockPush ? 'notificacoes.push-pausado' : 'notificacoes.push-ativo'),
      corPrimaria: ctx.partner.partner.colors?.primary ?? '#CE181E',
    };
  });

  async function preferenceState(upstream: CustomerUpstream) {
    const quota = upstream.session.data.quota!;
    const [prefs, now] = await Promise.all([getPreferences(upstream), upstreamNow(upstream)]);
    const mine = prefs.formaEnvio?.find((p) => p.idCota === quota.idCota);
    const formaEnvio = (METHODS as readonly string[]).includes(mine?.formaEnvio ?? '') ? mine!.formaEnvio : 'EMAIL';
    return { formaEnvio, last: mine?.dataAlteracao ?? null, next: nextPreferenceChange(mine?.dataAlteracao, now), blockPush: prefs.block_push_notification === true };
  }

  app.actions.register('notifications/preference-save', {
    consistency: [{ fields: ['formaEnvio'], rule: 'the delivery chosen differs from the quota’s current one', message: '@notificacoes.erro.mesma-forma', by: 'handler' }],
    input: z.object({ formaEnvio: z.enum(METHODS, '@notificacoes.erro.forma') }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const quota = request.session!.data.quota;
      if (!quota) return { kind: 'navigate', to: '/groups-and-quotas' };
      if (request.session!.data.transparent) return agentRefusal();
      const state = await preferenceState(upstream!);
      if (state.next) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('notificacoes.proxima-alteracao', { quando: formatDateTime(state.next) }) };
      if (state.formaEnvio === input.formaEnvio) return { kind: 'field-errors', errors: { formaEnvio: app.text('notificacoes.erro.mesma-forma') } };
      try {
        await putPreferences(upstream!, { formaEnvio: { idCota: quota.idCota, formaEnvio: input.formaEnvio } });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) {
          return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('notificacoes.erro.salvar') };
        }
        throw err;
      }
      return { kind: 'snackbar', message: app.text('notificacoes.forma-alterada'), to: '/notifications/preferencias' };
    },
  });

  /**
   * Push on or off (block_push_notification in the back office). Inside a wrapper, the opt-in's
   * `then` carries the wrapper's answer (`resposta`: granted, token): the token is registered for
   * this customer and platform (storage/push-tokens.ts) and follows the flag, paused while it is true.
   */
  app.actions.register('notifications/push', {
    input: z.object({
      bloquear: z.boolean(),
      resposta: z.object({ granted: z.boolean(), token: z.string().min(1).max(4096).optional() }).passthrough().optional(),
    }),
    async handler(input, { upstream, request, partner }): Promise<ActionResult> {
      if (request.session!.data.transparent) return agentRefusal();
      const customer = request.session!.data.customer.inscricaoNacional;
      await putPreferences(upstream!, { block_push_notification: input.bloquear });
      const token = input.resposta?.granted && !input.bloquear ? input.resposta.token : undefined;
      if (token && inNativeWrapper(request)) {
        await app.pushTokens.register(customer, { platform: String(request.headers[CLIENT_PLATFORM_HEADER]), token, partnerId: partner.partner.id });
      }
      await app.pushTokens.setBlocked(customer, input.bloquear);
      return { kind: 'snackbar', message: app.text(input.bloquear ? 'notificacoes.push-pausado' : 'notificacoes.push-ativo'), to: '/notifications/preferencias' };
    },
  });
}
