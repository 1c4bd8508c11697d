import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatReport } from '../../composition/flows/analyse.js';
import { diffFiles } from '../../composition/flows/diff.js';
import { FlowRejectedError, StaleVersionError } from '../../composition/flow-service.js';
import { BRAZIL_TZ } from '../../domain/clock.js';
import { formatDateTime } from '../../domain/format.js';
import { securityEvent } from '../../security/security-events.js';
import type { OpsRequest, OpsRequests } from '../../storage/ops-requests.js';
import { auditCsv } from './audit.js';
import { consoleText } from './console-texts.js';
import { endCustomerSessions, EndSessionsInput } from './customer-sessions.js';
import { consoleError, staffAction } from './staff-action.js';
import { ROLES_FOR } from './staff.js';

/**
 * Publishing: now, at a time of Brasília, or once a second person approves (OPS_REQUIRE_APPROVAL);
 * the requests that wait and the instance that runs each when due; cancelling, approving, rolling
 * back; the audit as CSV; an approver ending a customer's sessions.
 */
export function publishActions(app: FastifyInstance, requests: OpsRequests): void {
  const { sessions } = app.staffSignIn;
  const requireApproval = app.config.opsRequireApproval;

  /** Publishes a request that is due (approved when required); the outcome is recorded on it. */
  async function runRequest(request: OpsRequest): Promise<string> {
    try {
      const published = await app.flows.publish({ files: request.files, author: request.author, approvedBy: request.approvedBy, comment: request.comment, baseVersion: request.baseVersion });
      await requests.finish(request.id, 'done', consoleText('ops.pedidos.publicado-como', { v: published.version }));
      return consoleText('ops.publicada', { v: published.version });
    } catch (err) {
      const reason = err instanceof StaleVersionError ? consoleText('ops.erro.defasado') : err instanceof FlowRejectedError ? err.message : consoleText('ops.pedidos.falhou');
      await requests.finish(request.id, 'refused', reason);
      if (!(err instanceof StaleVersionError || err instanceof FlowRejectedError)) app.log.error({ err, request: request.id }, 'ops request failed');
      return reason;
    }
  }

  // Every instance looks for due requests; the claim lets exactly one of them publish each. The
  // embedded database is this process's alone: once no request waits there, it is not asked again
  // until this process adds one (each ask is a query run inside the process).
  const embedded = app.db.kind === 'pglite';
  let waiting = true;
  let added = 0;
  const check = async () => {
    if (!waiting) return;
    const seen = added;
    await Promise.all((await requests.claimDue(requireApproval)).map(runRequest));
    if (embedded && added === seen && !(await requests.anyPending())) waiting = false;
  };
  const runner = setInterval(() => void check().catch((err: unknown) => app.log.error({ err }, 'ops requests check failed')), Math.max(500, app.config.FLOWS_POLL_MS || 1_000));
  runner.unref();
  app.addHook('onClose', async () => clearInterval(runner));

  staffAction(
    app,
    'publish',
    z.object({
      comentario: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(500),
      /** Date and time in Brasília (YYYY-MM-DDTHH:mm); empty publishes now. */
      agendar: z.string().trim().max(20).optional(),
    }),
    async (input, member, reply): Promise<ActionResult> => {
      if (!member.draft) return consoleError(app, 'ops.erro.sem-rascunho');
      const files = { ...app.flows.files, [`${member.draft.id}.json`]: member.draft.content };
      let runAt: Date | null = null;
      if (input.agendar) {
        const at = dayjs.tz(input.agendar.replace(' ', 'T'), BRAZIL_TZ);
        if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(input.agendar) || !at.isValid()) return { kind: 'field-errors', errors: { agendar: consoleText('ops.erro.agendar-formato') } };
        if (at.valueOf() <= Date.now()) return { kind: 'field-errors', errors: { agendar: consoleText('ops.erro.agendar-futuro') } };
        runAt = at.toDate();
      }
      if (runAt || requireApproval) {
        const { report } = app.flows.check(files);
        if (!report.ok) return { kind: 'field-errors', errors: {}, message: formatReport(report) };
        if (member.draft.baseVersion !== app.flows.version) return consoleError(app, 'ops.erro.defasado');
        const request = await requests.create({
          definition: member.draft.id,
          files,
          baseVersion: member.draft.baseVersion,
          author: member.login,
          comment: input.comentario,
          diff: diffFiles(app.flows.files, files),
          runAt,
        });
        added++;
        waiting = true;
        await sessions.saveDraft(member.id, null);
        const when = runAt ? consoleText('ops.pedidos.para', { quando: formatDateTime(runAt) }) : '';
        const message = consoleText(requireApproval ? 'ops.pedidos.aguarda' : 'ops.pedidos.agendada', { id: request.id, quando: when });
        securityEvent(reply.request, 'flow.published', { staff: member.login, outcome: 'success', reason: requireApproval ? 'awaits-approval' : 'scheduled', target: `pedido-${request.id}` });
        return { kind: 'snackbar', message, to: '/ops/pedidos' };
      }
      try {
        const published = await app.flows.publish({ files, author: member.login, comment: input.comentario, baseVersion: member.draft.baseVersion });
        securityEvent(reply.request, 'flow.published', { staff: member.login, outcome: 'success', target: `v${published.version}` });
        await sessions.saveDraft(member.id, null);
        return { kind: 'snackbar', message: consoleText('ops.publicada', { v: published.version }), to: '/ops/historico' };
      } catch (err) {
        if (err instanceof FlowRejectedError) return { kind: 'field-errors', errors: {}, message: err.message };
        if (err instanceof StaleVersionError) return consoleError(app, 'ops.erro.defasado');
        throw err;
      }
    },
    'publish',
  );

  staffAction(
    app,
    'aprovar',
    z.object({ pedido: z.number().int().positive() }),
    async (input, member, reply): Promise<ActionResult> => {
      const request = await requests.get(input.pedido);
      if (!request || request.status !== 'pending') return consoleError(app, 'ops.erro.nao-pendente');
      if (request.author === member.login) {
        securityEvent(reply.request, 'access.refused', { staff: member.login, reason: 'own-request', target: `pedido-${request.id}` });
        return consoleError(app, 'ops.erro.proprio-pedido');
      }
      if (!(await requests.approve(request.id, member.login))) return consoleError(app, 'ops.erro.nao-pendente');
      securityEvent(reply.request, 'flow.approved', { staff: member.login, outcome: 'success', target: `pedido-${request.id}` });
      if (request.runAt) return { kind: 'snackbar', message: consoleText('ops.pedidos.aprovado-agendado', { id: request.id, quando: formatDateTime(request.runAt) }), to: '/ops/pedidos' };
      const [claimed] = (await requests.claimDue(requireApproval)).filter((r) => r.id === request.id);
      const message = claimed ? await runRequest(claimed) : consoleText('ops.pedidos.aprovado', { id: request.id });
      return { kind: 'snackbar', message, to: '/ops/pedidos' };
    },
    'approve',
  );

  staffAction(
    app,
    'cancelar',
    z.object({ pedido: z.number().int().positive() }),
    async (input, member) => {
      const request = await requests.get(input.pedido);
      if (!request || (request.author !== member.login && member.role !== 'approver')) return consoleError(app, 'ops.erro.cancelar');
      const cancelled = await requests.cancel(request.id);
      return { kind: 'snackbar', message: cancelled ? consoleText('ops.pedidos.cancelado', { id: request.id }) : consoleText('ops.erro.nao-pendente'), to: '/ops/pedidos' };
    },
    'publish',
  );

  // An approver ends every session of one customer (customer-sessions.ts).
  staffAction(app, 'encerrar-sessoes', EndSessionsInput, async (input, member, reply) => endCustomerSessions(app, input, member, reply.request), 'approve');

  // The audit, exportable: every version with author, time (Brasília), origin, comment and diff, then the requests.
  app.get('/api/ops/auditoria.csv', { config: { consoleRoles: ROLES_FOR.staff } }, async (_request, reply) => {
    const csv = auditCsv(await app.flows.history(), await requests.list(500), requireApproval);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="auditoria-console.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  staffAction(
    app,
    'rollback',
    z.object({ versao: z.number().int().positive(), base: z.number().int().positive() }),
    async (input, member, reply) => {
      try {
        const published = await app.flows.rollback({ version: input.versao, author: member.login, comment: '', baseVersion: input.base });
        securityEvent(reply.request, 'flow.rolled-back', { staff: member.login, outcome: 'success', target: `v${input.versao}→v${published.version}` });
        return { kind: 'snackbar', message: consoleText('ops.historico.voltou', { de: input.versao, como: published.version }), to: '/ops/historico' };
      } catch (err) {
        if (err instanceof FlowRejectedError) return { kind: 'error', title: app.text('erro.titulo'), message: err.message };
        if (err instanceof StaleVersionError) return consoleError(app, 'ops.erro.defasado');
        throw err;
      }
    },
    'publish',
  );
}
