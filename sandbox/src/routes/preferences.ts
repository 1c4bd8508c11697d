import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, grantOf, invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';
import { evaluation, notifications } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { preferenceLocked } from '../clock.js';

const Change = z
  .object({
    block_push_notification: z.boolean().optional(),
    photo_url: z.string().max(2048).nullable().optional(),
    formaEnvio: z.object({ idCota: z.coerce.number().int().positive(), formaEnvio: z.enum(['EMAIL', 'SMS', 'WHATSAPP']) }).optional(),
    assessmentUser: z.object({ assessmented: z.boolean(), liked: z.boolean().nullable(), nextAppearance: z.iso.date().nullable() }).optional(),
  })
  .strict();

/** An evaluation of a flow (spec doc 1 §3 Assessment: name, answer, partner, group_quota). */
const Evaluation = z.object({ name: z.string().min(1).max(60), answer: z.string().min(1).max(60), partner: z.number().int(), group_quota: z.string().min(1).max(20) });

/**
 * User preferences (spec doc 1 §7 GET/PUT usuarios/{id}/preferencias, the id being the customer's
 * CPF/CNPJ): photo_url, block_push_notification, assessmentUser, and the notification method
 * (formaEnvio) per quota with the time of its last change (doc 2 §3.9).
 */
export default async function preferenceRoutes(app: FastifyInstance, { state }: SandboxContext) {
  function own(request: import('fastify').FastifyRequest) {
    const customer = state.customers.get(grantOf(request).customer)!;
    return (request.params as { id: string }).id.replace(/\W/g, '').toUpperCase() === customer.document ? customer : null;
  }

  function view(key: string) {
    return {
      photo_url: null,
      block_push_notification: state.content.blockPush.get(key) ?? false,
      assessmentUser: state.content.assessment.get(key) ?? { assessmented: false, liked: null, nextAppearance: null },
      formaEnvio: state.quotasOf(key).map((q) => {
        const pref = state.content.notificationPreference.get(q.idCota);
        return { idCota: q.idCota, formaEnvio: pref?.formaEnvio ?? 'EMAIL', dataAlteracao: pref?.dataAlteracao ?? null };
      }),
    };
  }

  serve(app, notifications.preferences, async (request, reply) => {
    const customer = own(request);
    if (!customer) return notFound(reply, 'Usuário não encontrado.');
    return view(customer.key);
  });

  serve(app, notifications.savePreferences, async (request, reply) => {
    const customer = own(request);
    if (!customer) return notFound(reply, 'Usuário não encontrado.');
    const parsed = Change.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, 'Preferências inválidas.');
    const { formaEnvio, block_push_notification, assessmentUser } = parsed.data;
    if (assessmentUser) state.content.assessment.set(customer.key, assessmentUser);
    if (formaEnvio) {
      if (state.quotas.get(formaEnvio.idCota)?.owner !== customer.key) return notFound(reply, 'Cota não encontrada.');
      const last = state.content.notificationPreference.get(formaEnvio.idCota)?.dataAlteracao;
      if (preferenceLocked(last, state.clock.now())) {
        return fail(reply, 422, 'A forma de envio só pode ser alterada uma vez a cada 24 horas.', 'PREFERENCE_LOCKED');
      }
      state.content.notificationPreference.set(formaEnvio.idCota, { formaEnvio: formaEnvio.formaEnvio, dataAlteracao: new Date(state.clock.now()).toISOString() });
    }
    if (block_push_notification !== undefined) state.content.blockPush.set(customer.key, block_push_notification);
    return view(customer.key);
  });

  serve(app, evaluation.send, async (request, reply) => {
    const parsed = Evaluation.safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'Avaliação inválida.');
    state.content.evaluations.push({ customer: grantOf(request).customer, ...parsed.data });
    return reply.code(201).send({ recebida: true });
  });
}
