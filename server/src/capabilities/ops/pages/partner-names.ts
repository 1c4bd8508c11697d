import type { FastifyInstance } from 'fastify';
import { partners as partnerCalls } from '../../../../../back-office/index.js';

/** The partners by name, for the console's filters (none when the back office does not answer now). */
export async function partnerNames(app: FastifyInstance): Promise<Array<{ id: number; name: string }>> {
  try {
    const answer = await app.upstream.request(partnerCalls.list);
    return (answer.data ?? []).map((p) => ({ id: p.id, name: p.name }));
  } catch (err) {
    app.log.warn({ err }, 'partners list unavailable for the analysis filters');
    return [];
  }
}
