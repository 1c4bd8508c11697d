import { notifications as calls, type Assessment, type Notification, type Preferences, type PreferencesChange } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';

export type { Assessment, Notification, Preferences };

/** GET informativos (partner_id, id_cota): a 404 means no notifications (spec doc 1 §8); other errors are thrown. */
export async function listNotifications(upstream: CustomerUpstream): Promise<Notification[]> {
  const { partnerId, quota } = upstream.session.data;
  try {
    const answer = await upstream.request(calls.list, { query: { partner_id: partnerId, ...(quota ? { id_cota: quota.idCota } : {}) } });
    return answer.data ?? [];
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) return [];
    throw err;
  }
}

/** POST informativos (news_id): marks a notification read. */
export const markRead = (upstream: CustomerUpstream, id: number) => upstream.request(calls.markRead, { json: { news_id: id } });

const customerId = (upstream: CustomerUpstream) => ({ id: upstream.session.data.customer.inscricaoNacional });

export const getPreferences = (upstream: CustomerUpstream): Promise<Preferences> => upstream.request(calls.preferences, { params: customerId(upstream) });

export const putPreferences = (upstream: CustomerUpstream, change: PreferencesChange): Promise<Preferences> =>
  upstream.request(calls.savePreferences, { params: customerId(upstream), json: change });
