import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7 "FAQ, notifications" and the user preferences of §3 (photo_url, block_push_notification, assessmentUser). */

export const Notification = z.object({ id: z.number().int(), title: z.string(), message: z.string(), created_at: z.string(), read: z.boolean() });
export type Notification = z.infer<typeof Notification>;

export const Assessment = z.object({
  assessmented: z.boolean(),
  liked: z.boolean().nullable(),
  /** 'YYYY-MM-DD': do not ask before this day. */
  nextAppearance: z.string().nullable(),
});
export type Assessment = z.infer<typeof Assessment>;

/** The notification method of each quota and when it last changed (doc 2 §3.9, §4.11). */
export const NotificationMethod = z.object({ idCota: z.number().int(), formaEnvio: z.string(), dataAlteracao: z.string().nullable() });

export const Preferences = z.object({
  photo_url: z.string().nullable(),
  block_push_notification: z.boolean(),
  assessmentUser: Assessment.optional(),
  formaEnvio: z.array(NotificationMethod).optional(),
});
export type Preferences = z.infer<typeof Preferences>;

/** What a PUT changes: only the fields it sends. */
export const PreferencesChange = z
  .object({
    block_push_notification: z.boolean().optional(),
    photo_url: z.string().max(2048).nullable().optional(),
    formaEnvio: z.object({ idCota: z.number().int().positive(), formaEnvio: z.enum(['EMAIL', 'SMS', 'WHATSAPP']) }).optional(),
    assessmentUser: Assessment.optional(),
  })
  .strict();
export type PreferencesChange = z.infer<typeof PreferencesChange>;

export const notifications = {
  /** informativos of the partner (and quota); a 404 means there are none. */
  list: endpoint({
    method: 'GET',
    path: 'informativos',
    query: z.object({ partner_id: z.number().int().positive(), id_cota: z.number().int().positive().optional() }),
    answer: z.object({ data: z.array(Notification).optional() }),
  }),
  markRead: endpoint({ method: 'POST', path: 'informativos', body: z.object({ news_id: z.number().int().positive() }), answer: z.object({ news_id: z.number().int().optional(), read: z.boolean().optional() }) }),
  /** The id is the customer's CPF/CNPJ. */
  preferences: endpoint({ method: 'GET', path: 'usuarios/{id}/preferencias', group: 'usuarios/preferencias', answer: Preferences }),
  savePreferences: endpoint({ method: 'PUT', path: 'usuarios/{id}/preferencias', group: 'usuarios/preferencias', body: PreferencesChange, answer: Preferences }),
};
