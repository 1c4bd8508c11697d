import Fastify, { type FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import { callOf, preciseNow, recordCall, redactBody, rememberCall, type RecordedCall } from './calls.js';
import { answerGuard, FAULT_HEADER } from './contract.js';
import { SandboxClock } from './clock.js';
import type { OutboxMessage, SandboxContext, SandboxOptions } from './context.js';
import { FaultTable, SIMULATED_FAILURE } from './faults.js';
import { LatencySampler, checkedProfile, endpointNamer, loadLatencyProfile, waitAsProfiled, type LatencyProfile } from './latency.js';
import { BASE_PATH, PUBLIC_FILES, contractPath, fail, isOpen } from './http.js';
import { SandboxState } from './state/store.js';
import { Replays, replayControlRoutes, replayHook } from './replay.js';
import assemblyRoutes from './routes/assemblies.js';
import bidRoutes from './routes/bids.js';
import cashBillingRoutes from './routes/cash-billing.js';
import documentAnalysisRoutes from './routes/document-analysis.js';
import awardedRoutes, { awardedControlRoutes } from './routes/awarded.js';
import documentRoutes from './routes/documents.js';
import quotaPreferenceRoutes from './routes/quota-preferences.js';
import caseRoutes from './routes/cases.js';
import controlRoutes from './routes/control.js';
import portfolioControlRoutes from './routes/control-portfolio.js';
import identityCheckRoutes from './routes/identity-check.js';
import partnerRoutes from './routes/partners.js';
import passwordRoutes from './routes/password.js';
import passwordResetRoutes from './routes/password-reset.js';
import processRoutes from './routes/processes.js';
import registrationRoutes from './routes/registration.js';
import renegotiationRoutes from './routes/renegotiation.js';
import slipRoutes from './routes/slips.js';
import quotaRoutes from './routes/quotas.js';
import sessionRoutes from './routes/session.js';
import transparentRoutes from './routes/transparent.js';
import utilRoutes from './routes/util.js';
import verificationRoutes from './routes/verification.js';
import faqRoutes from './routes/faq.js';
import notificationRoutes from './routes/notifications.js';
import preferenceRoutes from './routes/preferences.js';
import branchRoutes from './routes/branches.js';
import groupRoutes from './routes/group.js';
import refundRoutes from './routes/refund.js';
import refundControlRoutes from './routes/refund-control.js';
import assistantRoutes from './routes/assistant.js';
import quotaTransferRoutes from './routes/quota-transfer.js';
import insuranceRoutes from './routes/insurance.js';
import postSaleRoutes from './routes/post-sale.js';
import specialFlowsControlRoutes from './routes/special-flows-control.js';
import vehicleBillingRoutes from './routes/vehicle-billing.js';
import vehicleControlRoutes from './routes/vehicle-control.js';
import vehicleOrderRoutes from './routes/vehicle-order.js';
import usedVehicleInspectionRoutes, { usedVehicleControlRoutes } from './routes/used-vehicle-inspection.js';
import usedVehicleSellerRoutes from './routes/used-vehicle-seller.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything this sandbox knows and records (tests compare it with a fresh one's). */
    sandboxContext?: SandboxContext;
  }
}

export interface BuildSandboxOptions extends Partial<SandboxOptions> {
  clock?: SandboxClock;
  logger?: boolean | LoggerOptions;
  /** A folder of recorded personas (`npm run upstream:check -- --record`) to replay (SANDBOX_RECORDINGS). */
  recordings?: string;
  /**
   * The latency profile (SANDBOX_LATENCY): `none` (the default), `realistic`, the path of a JSON
   * profile, or a profile itself; its waits and errors apply to the contract's calls, never to /__sandbox.
   */
  latency?: string | LatencyProfile;
  /** Seeds the profile's draws (SANDBOX_LATENCY_SEED): the same seed, the same waits and errors. */
  latencySeed?: number;
}

/**
 * The stand-in back office: a Fastify app speaking /app-cliente/v1 (spec doc 1 §7), seeded
 * from fixtures/personas.json. State is in memory and starts afresh with every process.
 */
export async function buildSandbox(opts: BuildSandboxOptions = {}): Promise<FastifyInstance> {
  const options: SandboxOptions = {
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 300,
    refreshTtlSeconds: opts.refreshTtlSeconds ?? 12 * 3600,
    clientId: opts.clientId ?? 'app-cliente-web',
    clientSecret: opts.clientSecret ?? 'sandbox-secret',
    callsKept: opts.callsKept ?? 10_000,
    refreshReuseSeconds: opts.refreshReuseSeconds ?? 0,
  };
  const clock = opts.clock ?? new SandboxClock();
  const ctx: SandboxContext = {
    state: new SandboxState(clock, options.tokenTtlSeconds),
    options,
    faults: new FaultTable(),
    calls: [] as RecordedCall[],
    outbox: [] as OutboxMessage[],
  };

  // A profile that is not one stops the sandbox here, naming the file and the field.
  const latency = new LatencySampler(typeof opts.latency === 'object' ? checkedProfile(opts.latency, 'the latency option') : loadLatencyProfile(opts.latency), opts.latencySeed);
  const endpointOf = endpointNamer();
  // The errors the profile injected, by endpoint name (`other` for calls the contract does not name):
  // a long run (the soak) compares them with the answers that failed, without reading every call.
  const injected: Record<string, number> = {};

  const app = Fastify({ logger: opts.logger ?? false });
  app.decorate('sandboxContext', ctx);
  app.decorateRequest('grant', null);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  await app.register(controlRoutes, { prefix: '/__sandbox', ...ctx });
  // The latency profile in effect, by endpoint name (docs/performance.md), and the errors it injected so far.
  app.get('/__sandbox/latency', async () => ({ active: latency.active, profile: latency.profile, injected: { total: Object.values(injected).reduce((a, b) => a + b, 0), byEndpoint: injected } }));
  // Customers recorded from a real back office, answered from their recordings (docs/go-live.md).
  const replays = new Replays();
  if (opts.recordings) replays.loadFolder(opts.recordings);
  await app.register(replayControlRoutes(replays), { prefix: '/__sandbox' });
  await app.register(refundControlRoutes, { prefix: '/__sandbox', ...ctx });
  await app.register(specialFlowsControlRoutes, { prefix: '/__sandbox', ...ctx });
  await app.register(awardedControlRoutes, { prefix: '/__sandbox', ...ctx });
  // perf: big portfolios for the bench's growth figures.
  await app.register(portfolioControlRoutes, { prefix: '/__sandbox', ...ctx });
  // Vehicle billing: put a persona's vehicle process in any state.
  await app.register(vehicleControlRoutes, { prefix: '/__sandbox', ...ctx });
  // Used vehicles: the inspection done, its coming result or a no-show.
  await app.register(usedVehicleControlRoutes, { prefix: '/__sandbox', ...ctx });

  await app.register(
    async (api) => {
      // Every contract call is recorded, may hit an injected fault, must name the client and,
      // off the open paths, carry a valid access token.
      api.addHook('preHandler', async (request, reply) => {
        const path = contractPath(request.url);
        const endpoint = endpointOf(request);
        const call: RecordedCall = {
          method: request.method,
          path,
          endpoint,
          startedAt: preciseNow(),
          query: { ...(request.query as Record<string, unknown>) },
          platform: header(request.headers.platform),
          appVersion: header(request.headers.app_version),
          requestId: header(request.headers['x-request-id']),
          traceparent: header(request.headers.traceparent),
          contentType: header(request.headers['content-type'])?.split(';')[0],
          tokenSent: typeof request.headers.access_token === 'string',
        };
        const body = redactBody(request.body);
        if (body) call.body = body;
        recordCall(ctx.calls, call, options.callsKept);
        rememberCall(request, call);

        // The profile's wait, then maybe its error: a failing call takes its time too.
        if (latency.active) {
          const drawn = await waitAsProfiled(latency, endpoint);
          call.profileDelayMs = Math.round(drawn.delayMs * 10) / 10;
          if (drawn.fails) {
            injected[endpoint ?? 'other'] = (injected[endpoint ?? 'other'] ?? 0) + 1;
            return reply.code(503).header(FAULT_HEADER, '1').send(SIMULATED_FAILURE);
          }
        }
        const fault = ctx.faults.take(request.method, path);
        if (fault) {
          if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
          if (fault.status !== undefined) return reply.code(fault.status).header(FAULT_HEADER, '1').send(fault.body ?? SIMULATED_FAILURE);
        }
        if (path.startsWith(PUBLIC_FILES)) return;
        if (header(request.headers.client_id) !== options.clientId) return fail(reply, 400, 'Cabeçalho client_id ausente ou desconhecido.');
        if (isOpen(request.method, path)) return;
        const token = header(request.headers.access_token);
        const grant = token ? ctx.state.accessTokens.get(token) : undefined;
        if (!grant || ctx.state.revokedFamilies.has(grant.family)) return fail(reply, 401, 'Token inválido.', 'UNAUTHORIZED');
        if (ctx.state.clock.now() >= grant.expiresAt) return fail(reply, 401, 'Token expirado.', 'TOKEN_EXPIRED');
        request.grant = grant;
      });
      api.addHook('onResponse', async (request, reply) => {
        const call = callOf(request);
        if (!call) return;
        call.endedAt = preciseNow();
        call.status = reply.statusCode;
      });
      api.addHook('preHandler', replayHook(replays, () => ctx.state));
      api.addHook('preSerialization', answerGuard);
      for (const routes of [sessionRoutes, passwordRoutes, passwordResetRoutes, identityCheckRoutes, caseRoutes, bidRoutes, registrationRoutes, partnerRoutes, quotaRoutes, processRoutes, transparentRoutes, utilRoutes, verificationRoutes, slipRoutes, renegotiationRoutes, documentRoutes, assemblyRoutes, quotaPreferenceRoutes, cashBillingRoutes, documentAnalysisRoutes, awardedRoutes]) await api.register(routes, ctx);
      // Help, notifications, preferences, branches and group situation.
      for (const routes of [faqRoutes, notificationRoutes, preferenceRoutes, branchRoutes, groupRoutes]) await api.register(routes, ctx);
      // Refund.
      await api.register(refundRoutes, ctx);
      // The assistant.
      await api.register(assistantRoutes, ctx);
      // Quota transfer, insurance offer and post-sale onboarding.
      for (const routes of [quotaTransferRoutes, insuranceRoutes, postSaleRoutes]) await api.register(routes, ctx);
      // Vehicle billing: core/faturamento/auto, fornecedores, forma-pagamento, invoice analysis.
      for (const routes of [vehicleBillingRoutes, vehicleOrderRoutes]) await api.register(routes, ctx);
      // Used vehicles up to the inspection: plate lookup, simulation, inspection.
      await api.register(usedVehicleInspectionRoutes, ctx);
      await api.register(usedVehicleSellerRoutes, ctx);
      api.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Recurso não encontrado.' }));
    },
    { prefix: BASE_PATH },
  );

  return app;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
