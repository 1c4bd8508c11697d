import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ActionResult } from '../../../screens/contract/index.js';
import { uploadProblems, type FileRules } from '../security/file-content.js';
import { AppError } from '../errors.js';
import { requestTargetOrHome } from '../security/local-target.js';
import type { CustomerUpstream } from '../upstream/customer-upstream.js';
import { checkHold, moveDone, type OnceSpec } from '../security/once.js';
import type { OwnedKind, Owns } from '../security/ownership.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { compressAnswer } from './compression.js';
import { readOwnCookieWrites, withNextScreen } from './next-screen.js';
import type { ResolvedPartner } from './partner.js';

export interface ActionContext {
  request: FastifyRequest;
  reply: FastifyReply;
  partner: ResolvedPartner;
  /** Present unless the action is public. */
  upstream: CustomerUpstream | null;
}

/**
 * A rule that judges fields of one submit together, or a field against the caller's own record
 * (docs/validation.md is written from these by `npm run validation:page`).
 */
export interface ConsistencyRule {
  /** The input's fields the rule reads. */
  fields: readonly string[];
  /** The rule, in English, naming what else it reads (the customer's record, the back office's answer). */
  rule: string;
  /** What the person reads when it fails: a text key (`@…`) or the message itself; none when the rule drops a value instead of refusing. */
  message?: string;
  /** `schema`: an object refinement of `input` (a docs test matches them one to one); `handler`: checked by the handler before its first change upstream. */
  by: 'schema' | 'handler';
}

export interface ActionDefinition<S extends z.ZodType> {
  /** Public actions (login) run without a session. */
  public?: boolean;
  /** Bytes of JSON the action accepts (default 64 KiB): raise it only for uploads (a photo as a data URL), which declare `files`. */
  bodyLimit?: number;
  /**
   * Uploads: what the files of the body must be. Every data URL in the body is read by its bytes
   * (security/file-content: type, decodable dimensions, a whole image with no markup, size) before
   * the input is validated or the handler runs; a refusal is the form's own message on its field.
   */
  files?: FileRules;
  /** Uploads: where the accepted files go and what they are attached to (docs/security.md's uploads table). */
  filesGo?: string;
  input: S;
  /** The rules that combine fields, declared beside the check that enforces them (docs/validation.md). */
  consistency?: readonly ConsistencyRule[];
  /**
   * Money or case-creating submits: the renderer sends an Idempotency-Key per submit; the first
   * result is stored for 24 h and replayed to a retry with the same key; the same key with another
   * body is refused (422) and a retry while the first runs gets 409. Requires a session.
   */
  idempotent?: boolean;
  /**
   * A console action: the staff roles that may run it. It gets its own route, whose guard
   * (security/console-access) refuses everyone else before the body is read; the customer
   * session plays no part.
   */
  consoleRoles?: readonly string[];
  /** The 403's message for a staff member whose role is not among `consoleRoles`. */
  consoleRefusal?: string;
  /**
   * A money move or a draft's confirmation, consumed by its first confirmation (security/once.ts):
   * racing tabs, sessions and instances make one upstream effect and all get its answer, while it
   * runs and for its window after (seconds; `holdMs`).
   */
  once?: OnceSpec<z.output<S>, ActionContext>;
  /**
   * The ids of the body (instalments, bids, slips…) by the customer's own list each must be in
   * (security/ownership.ts): a foreign or guessed one is refused before anything reaches the back office.
   */
  owns?: Owns<z.output<S>>;
  handler(input: z.output<S>, ctx: ActionContext): Promise<ActionResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    actions: {
      register<S extends z.ZodType>(name: string, definition: ActionDefinition<S>): void;
      /** Every registered action by name (the OpenAPI description reads their input schemas). */
      list(): ReadonlyMap<string, ActionDefinition<z.ZodType>>;
      /** Every registered action's name (tests fuzz them all). */
      names(): string[];
    };
  }
}

/** Bytes of JSON an action accepts unless it declares its own limit. */
const GENERIC_BODY_LIMIT = 64 * 1024;

/** The submit's Idempotency-Key: 8 to 128 visible ASCII characters (a UUID from the renderer), else none. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && /^[\x21-\x7e]{8,128}$/.test(value) ? value : null;
}

/** The body's fingerprint: same key with another body is a different request. */
function bodyHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? {})).digest('base64url');
}

/** A move's key that needed the back office, which failed: no claim (the handler answers the failure); anything else goes on. */
function keyFailure(err: unknown): null {
  if (err instanceof UpstreamError) return null;
  throw err;
}

/** Field name → Portuguese message, from zod issues whose messages are text keys (`@…`). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], text: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_form');
    if (errors[field]) continue;
    errors[field] = issue.message.startsWith('@') ? text(issue.message.slice(1)) : text('erro.campo-obrigatorio');
  }
  return errors;
}

/** POST /api/actions/<area>/<name>: (CSRF checks, csrf.ts) → zod input → handler → ActionResult. */
export default fp(
  async (app) => {
    const registry = new Map<string, ActionDefinition<z.ZodType>>();

    // Every answer that moves the customer goes only to a known path of this origin (else /home),
    // whichever action built it and from whatever input: a hook of the action routes alone.
    const preSerialization = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      const result = payload as Partial<ActionResult> | null;
      if (typeof result === 'object' && result !== null && (result.kind === 'navigate' || result.kind === 'snackbar') && typeof result.to === 'string') {
        return done(null, { ...result, to: requestTargetOrHome(request, result.to) });
      }
      done(null, payload);
    };

    app.decorate('actions', {
      register<S extends z.ZodType>(name: string, definition: ActionDefinition<S>) {
        if (registry.has(name)) throw new Error(`action registered twice: ${name}`);
        if (definition.bodyLimit && !definition.files) throw new Error(`upload action ${name} must declare the files it accepts`);
        if (definition.once) checkHold(name, definition.once);
        registry.set(name, definition as unknown as ActionDefinition<z.ZodType>);
        // An upload gets its own route with its own body limit, a console action its own route with
        // its roles; every other action shares the generic one.
        if (definition.bodyLimit || definition.consoleRoles) {
          const config: FastifyContextConfig = definition.consoleRoles ? { consoleRoles: definition.consoleRoles, ...(definition.consoleRefusal ? { consoleRefusal: definition.consoleRefusal } : {}) } : {};
          app.post(`/api/actions/${name}`, { bodyLimit: definition.bodyLimit ?? GENERIC_BODY_LIMIT, config, preSerialization, onSend: compressAnswer }, (request, reply) => answer(name, request, reply));
        }
      },
      list: () => registry,
      names: () => [...registry.keys()],
    });

    /** The action's result, with the screen it leads to when the client asks for it (next-screen.ts). */
    async function answer(name: string, request: FastifyRequest, reply: FastifyReply): Promise<ActionResult> {
      readOwnCookieWrites(reply);
      return withNextScreen(app, request, reply, await run(name, request, reply));
    }

    async function run(name: string, request: FastifyRequest, reply: FastifyReply): Promise<ActionResult> {
      const action = registry.get(name);
      if (!action) throw new AppError('action.unknown', { detail: name });
      // A console action runs only behind its own route's role guard, never through the generic one.
      if (action.consoleRoles && request.routeOptions.config.consoleRoles !== action.consoleRoles) throw new AppError('action.unknown', { detail: name });
      if (!action.public && !action.consoleRoles && !request.session) {
        return { kind: 'navigate', to: '/login?sessao=expirada' };
      }
      const partner = await app.partners.forRequest(request);
      // Files are read by their bytes before anything else looks at the body.
      const refusedFiles = action.files ? uploadProblems(request.body, action.files) : null;
      const input = action.input.safeParse(request.body ?? {});
      // Counted for the analysts by the flow step the action leaves, in memory: no write on this path.
      app.analytics.atAction(request, partner.branding.id, name, input.success ? input.data : request.body);
      if (refusedFiles) return answered(request, { kind: 'field-errors', errors: refusedFiles });
      if (!input.success) {
        return answered(request, { kind: 'field-errors', errors: fieldErrors(input.error.issues, (k) => app.text(k)) });
      }
      const upstream = request.session ? request.customerUpstream() : null;
      const context: ActionContext = { request, reply, partner, upstream };
      const handle = async (): Promise<ActionResult> => {
        try {
          return answered(request, await action.handler(input.data, context));
        } catch (err) {
          app.analytics.failed(request, err);
          throw err;
        }
      };
      // The ids of the body are the customer's own before the handler's upstream calls.
      const refusal = async () => (action.owns && request.session ? app.ownership.refusal(action.owns, input.data, request) : null);
      const checked = async (): Promise<ActionResult> => {
        const refused = await refusal();
        return refused ? answered(request, refused) : handle();
      };
      const execute = async (): Promise<ActionResult> => {
        // Checked before the move is claimed, unless the move asks for it inside (once.ts, ownershipWithin).
        const within = action.once?.ownershipWithin === true;
        if (!within) {
          const refused = await refusal();
          if (refused) return answered(request, refused);
        }
        const run = within ? checked : handle;
        // A key the back office could not be read for: the handler meets the same failure and answers it.
        const move = action.once && request.session ? await Promise.resolve(action.once.key(input.data, context)).catch(keyFailure) : null;
        if (!move) return run();
        const spec = action.once!;
        const { result, replayed } = await app.once.confirm(request, name, move, spec as OnceSpec<never, never>, run);
        if (replayed) reply.header('move-replayed', 'true');
        else if (spec.reopens && moveDone(spec as OnceSpec<never, never>, result)) {
          for (const other of spec.reopens(input.data, context)) await app.once.reopen(request, other.action, other.subject);
        }
        return result;
      };
      const key = idempotencyKey(request);
      if (!action.idempotent || !key || !request.session) return execute();
      // Keys are the customer's own (another customer's key never replays), per action.
      const scope = `${request.session.data.customer.inscricaoNacional}:${name}`;
      const claim = await app.idempotency.claim(scope, key, bodyHash(request.body));
      if (claim.kind === 'replay') {
        reply.header('idempotent-replayed', 'true');
        return claim.result as ActionResult;
      }
      if (claim.kind === 'mismatch') throw new AppError('request.idempotency-mismatch');
      if (claim.kind === 'in-flight') throw new AppError('request.idempotency-in-flight');
      let result: ActionResult;
      try {
        result = await execute();
      } catch (err) {
        await app.idempotency.release(scope, key);
        throw err;
      }
      // An error answer (upstream down, refused) is not the submit's outcome: the key is released
      // so the retry runs again; anything else is kept and replayed.
      if (result.kind === 'error') await app.idempotency.release(scope, key);
      else await app.idempotency.finish(scope, key, result);
      return result;
    }

    function answered(request: FastifyRequest, result: ActionResult): ActionResult {
      app.analytics.answered(request, result);
      return result;
    }

    // Every list an action's ids are checked against is defined by the capability that reads it.
    app.addHook('onReady', async () => {
      const defined = new Set(app.ownership.defined());
      for (const [name, action] of registry) {
        const missing = (Object.keys(action.owns ?? {}) as OwnedKind[]).filter((kind) => !defined.has(kind));
        if (missing.length > 0) throw new Error(`action ${name}: no owned list defined for ${missing.join(', ')}`);
      }
    });

    // An answer that carries its next screen travels compressed, as the screen would.
    app.post<{ Params: { area: string; name: string } }>('/api/actions/:area/:name', { bodyLimit: GENERIC_BODY_LIMIT, preSerialization, onSend: compressAnswer }, (request, reply) =>
      answer(`${request.params.area}/${request.params.name}`, request, reply),
    );
  },
  { name: 'actions', dependencies: ['definitions', 'csrf', 'partner', 'session', 'analytics', 'once', 'ownership', 'screens'] },
);
