import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantOf, invalid, notFound } from '../http.js';
import { NOTIFICATIONS } from '../state/content.js';
import type { SandboxContext } from '../context.js';
import { notifications } from '../../../back-office/index.js';
import { serve } from '../contract.js';

const ListQuery = z.object({ partner_id: z.coerce.number().int().positive(), id_cota: z.coerce.number().int().positive().optional() });
const MarkRead = z.object({ news_id: z.coerce.number().int().positive() });

/** Notifications (spec doc 1 §7): GET informativos (partner_id, id_cota; 404 when there are none), POST informativos (news_id marks read). */
export default async function notificationRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, notifications.list, async (request, reply) => {
    const parsed = ListQuery.safeParse(request.query);
    if (!parsed.success) return invalid(reply, 'partner_id é obrigatório.');
    const customer = state.customers.get(grantOf(request).customer)!;
    if (parsed.data.id_cota !== undefined && state.quotas.get(parsed.data.id_cota)?.owner !== customer.key) return notFound(reply, 'Cota não encontrada.');
    const seeds = customer.partnerId === parsed.data.partner_id ? (NOTIFICATIONS[customer.key] ?? []) : [];
    if (seeds.length === 0) return notFound(reply, 'Nenhum informativo encontrado.');
    const read = state.content.read.get(customer.key) ?? new Set<number>();
    return {
      data: seeds.map((n) => ({
        id: n.id,
        title: n.titulo,
        message: n.texto,
        created_at: `${state.clock.day(-n.enviadaHaDias)}T09:00:00-03:00`,
        read: n.lida || read.has(n.id),
      })),
    };
  });

  serve(app, notifications.markRead, async (request, reply) => {
    const parsed = MarkRead.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, 'news_id é obrigatório.');
    const customer = grantOf(request).customer;
    if (!(NOTIFICATIONS[customer] ?? []).some((n) => n.id === parsed.data.news_id)) return notFound(reply, 'Informativo não encontrado.');
    const read = state.content.read.get(customer) ?? new Set<number>();
    read.add(parsed.data.news_id);
    state.content.read.set(customer, read);
    return { news_id: parsed.data.news_id, read: true };
  });
}
