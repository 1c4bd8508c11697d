import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { quotas, session as sessionCalls, type AnswerOf } from '../../../../back-office/index.js';
import { AppError } from '../../errors.js';
import { tokensFrom } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';

type SelectAnswer = AnswerOf<typeof sessionCalls.selectQuota>;

declare module 'fastify' {
  interface FastifyInstance {
    quotaSelection: {
      /** login/selecionar-cota, keeping the quota token in the session. Throws quota.not-found for a quota not the customer's. */
      select(request: FastifyRequest, idCota: number): Promise<void>;
      /** Finds the customer's quota by group, quota and version (cotas/simples) and selects it. */
      selectByKey(request: FastifyRequest, key: { grupo: string; cota: string; versao: string }): Promise<boolean>;
      /**
       * Whether the quota is the session customer's. Answered from the ids the session already
       * knows, so another customer's id never reaches a quota-scoped upstream call.
       */
      owns(request: FastifyRequest, idCota: number): Promise<boolean>;
      /** Ids of the session customer's quotas (learnt once from cotas/simples, then from the session). */
      ownQuotaIds(request: FastifyRequest): Promise<number[]>;
    };
  }
}

/** Quota tokens last as long as the upstream says; 5 minutes when it says nothing. */
const DEFAULT_QUOTA_TOKEN_SECONDS = 300;

/** Decorates `quotaSelection`: used by login (group + quota credentials) and by the quota list. */
export default fp(
  async (app) => {
    async function knownQuotaIds(request: FastifyRequest): Promise<number[]> {
      const session = request.session;
      if (!session) throw new AppError('session.required');
      if (!session.data.quotaIds) {
        const { data } = await request.customerUpstream().request(quotas.simple);
        await app.sessions.patch(session, { quotaIds: data.map((q) => q.idCota) });
      }
      return session.data.quotaIds ?? [];
    }

    async function owns(request: FastifyRequest, idCota: number): Promise<boolean> {
      return (await knownQuotaIds(request)).includes(idCota);
    }

    async function select(request: FastifyRequest, idCota: number): Promise<void> {
      const session = request.session;
      if (!session) throw new AppError('session.required');
      if (!(await owns(request, idCota))) throw new AppError('quota.not-found');
      let answer: SelectAnswer;
      try {
        answer = await request.customerUpstream().request(sessionCalls.selectQuota, { json: { idCota } });
      } catch (err) {
        if (err instanceof UpstreamError && err.notFound) throw new AppError('quota.not-found', { cause: err });
        throw err;
      }
      await app.sessions.patch(session, {
        quota: {
          idCota,
          grupo: answer.codigoGrupo,
          cota: answer.codigoCota,
          versao: answer.versao,
          tokens: tokensFrom(
            { access_token: answer.accessToken, refresh_token: answer.refreshToken, expires_in: answer.expires_in ?? DEFAULT_QUOTA_TOKEN_SECONDS },
            Date.now(),
          ),
        },
      });
    }

    app.decorate('quotaSelection', {
      select,
      owns,
      ownQuotaIds: knownQuotaIds,
      async selectByKey(request: FastifyRequest, key: { grupo: string; cota: string; versao: string }) {
        const { data } = await request.customerUpstream().request(quotas.simple);
        if (request.session) request.session.data.quotaIds = data.map((q) => q.idCota);
        const quota = data.find((q) => q.grupo === key.grupo && q.cota === key.cota && q.versao === key.versao);
        if (!quota) return false;
        await select(request, quota.idCota);
        return true;
      },
    });
  },
  { name: 'quota-selection', dependencies: ['session', 'storage'] },
);
