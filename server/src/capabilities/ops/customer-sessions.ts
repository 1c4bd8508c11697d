import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { partners as partnerCalls } from '../../../../back-office/index.js';
import { countOf } from '../../domain/format.js';
import { parseNationalId } from '../../domain/national-id.js';
import { securityEvent } from '../../security/security-events.js';
import type { StaffSession } from './staff-sessions.js';

/**
 * An approver ends every session of one customer, by CPF/CNPJ, at every partner (ASVS V7.4.5): a
 * phone lost, an account taken over. Audited like a publish: one `session.ended` security event
 * per partner whose sessions ended, naming the staff member and the customer only by pseudonym.
 * The console's audit CSV lists versions and publish requests only, so it has no row for this.
 */
export const EndSessionsInput = z.object({ documento: z.string('@entrar.erro.documento').max(18, '@entrar.erro.documento') });

export async function endCustomerSessions(app: FastifyInstance, input: z.output<typeof EndSessionsInput>, member: StaffSession, request: FastifyRequest): Promise<ActionResult> {
  const id = parseNationalId(input.documento);
  if (!id) return { kind: 'field-errors', errors: { documento: app.text('entrar.erro.documento') } };
  let partnerIds: number[];
  try {
    partnerIds = ((await app.upstream.request(partnerCalls.list)).data ?? []).map((p) => p.id);
  } catch (err) {
    request.log.warn({ err }, 'partners list unavailable: customer sessions not ended');
    return { kind: 'error', title: app.text('erro.titulo'), message: 'Não foi possível consultar os parceiros agora. Nenhuma sessão foi encerrada; tente de novo.' };
  }
  let ended = 0;
  for (const partnerId of new Set(partnerIds)) {
    const count = await app.sessions.endAllOf(partnerId, id.value);
    if (count === 0) continue;
    ended += count;
    securityEvent(request, 'session.ended', { reason: 'approver', outcome: 'success', staff: member.login, customer: { partnerId, account: id.value }, count });
  }
  return { kind: 'snackbar', message: ended ? `${countOf(ended, 'sessão encerrada', 'sessões encerradas')}.` : 'Nenhuma sessão aberta deste cliente.', to: '/ops/pedidos' };
}
