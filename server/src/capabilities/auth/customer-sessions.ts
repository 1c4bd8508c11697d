import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_PLATFORM_HEADER, type ActionResult } from '../../../../screens/contract/index.js';
import type { Session, SessionPlatform } from '../../storage/session-store.js';

/**
 * A customer's sessions as the customer sees and ends them (the profile's /perfil/sessoes, the offer
 * after a password change). Sessions are found by partner and CPF/CNPJ through the session store's
 * keyed pseudonym; a page and an action name a session only by its ref, never by its id.
 */

/** Where a login happens: a native wrapper names its platform in a header (docs/native-contract.md); anything else is the web. */
export function sessionPlatform(request: FastifyRequest): SessionPlatform {
  const header = request.headers[CLIENT_PLATFORM_HEADER];
  return header === 'android' || header === 'ios' ? header : 'web';
}

/** Where each screen that offers to end the other sessions goes afterwards. */
export const AFTER_ENDING = { sessoes: '/perfil/sessoes', perfil: '/perfil', acesso: '/groups-and-quotas' } as const;
export type AfterEnding = keyof typeof AFTER_ENDING;

/** The refs of the customer's other live sessions (not `session`). */
export async function otherSessions(app: FastifyInstance, session: Session): Promise<string[]> {
  const own = app.sessions.refOf(session.id);
  const all = await app.sessions.sessionsOf(session.data.partnerId, session.data.customer.inscricaoNacional);
  return all.filter((s) => s.ref !== own).map((s) => s.ref);
}

/**
 * After a password change, while other sessions of the customer are open: "Encerrar as outras
 * sessões" or "Agora não" (which goes where the change ends anyway).
 */
export function endOthersOffer(app: FastifyInstance, origem: Exclude<AfterEnding, 'sessoes'>): ActionResult {
  return {
    kind: 'modal',
    modal: {
      id: 'encerrar-outras-sessoes',
      title: app.text('senha.sucesso'),
      body: [{ type: 'text', text: app.text('sessoes.oferta-texto') }],
      actions: [
        { label: app.text('sessoes.encerrar-outras'), variant: 'primary', action: { type: 'submit', action: 'profile/sessions-end-others', payload: { origem }, loadingMessage: app.text('carregando.enviando') } },
        { label: app.text('sessoes.agora-nao'), variant: 'secondary', action: { type: 'navigate', to: AFTER_ENDING[origem], replace: true } },
      ],
    },
  };
}
