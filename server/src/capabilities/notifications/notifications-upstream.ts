import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { UpstreamError } from '../../plugins/core/upstream-client.js';

export interface Notification {
  id: number;
  title: string;
  message: string;
  created_at: string;
  read: boolean;
}

export interface Assessment {
  assessmented: boolean;
  liked: boolean | null;
  /** 'YYYY-MM-DD': do not ask before this day. */
  nextAppearance: string | null;
}

export interface Preferences {
  photo_url: string | null;
  block_push_notification: boolean;
  assessmentUser?: Assessment;
  formaEnvio?: Array<{ idCota: number; formaEnvio: string; dataAlteracao: string | null }>;
}

/** GET informativos (partner_id, id_cota): a 404 means no notifications (spec doc 1 §8); other errors are thrown. */
export async function listNotifications(upstream: CustomerUpstream): Promise<Notification[]> {
  const { partnerId, quota } = upstream.session.data;
  try {
    const answer = await upstream.call<{ data?: Notification[] }>({
      method: 'GET',
      path: 'informativos',
      query: { partner_id: partnerId, ...(quota ? { id_cota: quota.idCota } : {}) },
    });
    return answer.data ?? [];
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) return [];
    throw err;
  }
}

/** POST informativos (news_id): marks a notification read. */
export const markRead = (upstream: CustomerUpstream, id: number) => upstream.call({ method: 'POST', path: 'informativos', json: { news_id: id } });

const userPath = (upstream: CustomerUpstream) => `usuarios/${encodeURIComponent(upstream.session.data.customer.inscricaoNacional)}/preferencias`;

export const getPreferences = (upstream: CustomerUpstream) => upstream.call<Preferences>({ method: 'GET', path: userPath(upstream) });

export const putPreferences = (upstream: CustomerUpstream, change: { block_push_notification?: boolean; formaEnvio?: { idCota: number; formaEnvio: string }; assessmentUser?: Assessment }) =>
  upstream.call<Preferences>({ method: 'PUT', path: userPath(upstream), json: change });
