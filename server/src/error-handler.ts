import type { FastifyError, FastifyInstance } from 'fastify';
import { SCHEMA_VERSION } from '../../screens/contract/index.js';
import { AppError } from './errors.js';
import { UpstreamError } from './upstream/upstream-error.js';

const SESSION_ENDED = '/login?sessao=expirada';

/**
 * One place that turns failures into answers the renderer understands: a redirect for screens
 * whose session ended, `{ kind: 'error' }` with a Portuguese message otherwise. Unknown errors are
 * logged and never leak a stack.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | UpstreamError, request, reply) => {
    const screen = request.url.startsWith('/api/screens');
    const title = app.text('erro.titulo');
    const redirect = (to: string) =>
      screen ? reply.code(200).send({ schemaVersion: SCHEMA_VERSION, kind: 'redirect', to }) : reply.code(200).send({ kind: 'navigate', to });

    if (err instanceof AppError) {
      if (err.code === 'session.expired' || err.code === 'session.required') {
        reply.clearCookie(app.config.sessionCookieName, { path: '/' });
        return redirect(SESSION_ENDED);
      }
      if (err.code === 'quota.required' || (screen && err.code === 'quota.not-found')) return redirect('/groups-and-quotas');
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      else request.log.info({ code: err.code, detail: err.message }, 'request refused');
      return reply.code(err.status).send({ kind: 'error', title, message: app.text(err.textKey), retry: err.status >= 500 });
    }
    if (err instanceof UpstreamError) {
      request.log.warn({ status: err.status, code: err.code, path: err.path }, 'upstream call failed');
      return reply.code(err.unavailable ? 503 : 502).send({ kind: 'error', title, message: app.text('erro.generico'), retry: true });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      request.log.info({ code: (err as FastifyError).code }, 'bad request');
      return reply.code(status).send({ kind: 'error', title, message: app.text('erro.requisicao-invalida') });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ kind: 'error', title, message: app.text('erro.generico'), retry: true });
  });
}
