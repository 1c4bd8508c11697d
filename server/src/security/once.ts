import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ActionResult } from '../../../screens/contract/index.js';
import { AppError } from '../errors.js';
import { OnceClaims } from '../storage/once-claims.js';
import type { SessionData } from '../storage/session-store.js';

/**
 * How long after its first confirmation is done a move is answered from that confirmation unless
 * its action says otherwise: long enough for a double tap, a second tab or a retry racing the first
 * to get its answer, short enough that the next confirmation reaches the back office, which decides
 * on its own state (a refund it set back to its start, a slip it dropped).
 */
export const DEFAULT_HOLD_MS = 10_000;
/** The longest window a move may declare: minutes, never hours (the back office's state would be answered from memory). */
export const MAX_HOLD_MS = 5 * 60_000;
/**
 * The window of a payment request: a confirmation from another tab soon after the first answer
 * gets that answer, not a second request for the same payment.
 */
export const PAYMENT_HOLD_MS = 60_000;
/** How often a waiting confirmation looks at the leader's row (a leader in this process wakes it at once). */
const LOOK_EVERY_MS = 50;

/** What a move acts on (a quota, a bid, an instalment…) and what it is confirmed with. */
export interface MoveKey {
  subject: string;
  content?: unknown;
}

/** Session drafts a confirmation may consume. */
export type DraftField = 'bidDraft' | 'transferDraft' | 'renegotiationDraft';

/**
 * A money move or a draft's confirmation, declared on its action: the first confirmation of a key
 * runs; every other confirmation of it while the first runs and for its window after — another
 * tab, another session of the customer, another instance, the same one again — waits for the first
 * and gets its answer, without reaching the back office. Past the window a confirmation runs again:
 * the back office decides whether the move may be made.
 */
export interface OnceSpec<I, C> {
  /** The move this confirmation makes, or null when it makes none (it then runs as usual). */
  key(input: I, ctx: C): MoveKey | null | Promise<MoveKey | null>;
  /** The session draft the move consumes: a waiting session gets the leader's, as its run left it. */
  draft?: DraftField;
  /** Whether an answer is the move made (stored and answered again); by default anything but an error or field errors. */
  done?: (result: ActionResult) => boolean;
  /** How long after it is done the move is answered from its first confirmation (`DEFAULT_HOLD_MS` unless declared, at most `MAX_HOLD_MS`). */
  holdMs?: number;
  /**
   * Check the ids of the body (the action's `owns`) inside the move, after its claim, instead of
   * before it: for a move whose key reads nothing of the back office and whose ownership read would
   * disturb the confirmation it races (reading a second-copy listing starts the quota's new marking
   * process, dropping the marks the leading confirmation has just made). The ids are still checked
   * before the move's own upstream calls.
   */
  ownershipWithin?: boolean;
  /** Moves a done one opens again (a bid cancelled: the same offer may be made again). */
  reopens?: (input: I, ctx: C) => Array<{ action: string; subject: string }>;
}

interface Outcome {
  result: ActionResult;
  draft?: unknown;
}

/** Refuses a move's declared window outside (0, MAX_HOLD_MS]: checked when its action is registered. */
export function checkHold(action: string, spec: Pick<OnceSpec<never, never>, 'holdMs'>): void {
  const hold = spec.holdMs;
  if (hold !== undefined && !(Number.isFinite(hold) && hold > 0 && hold <= MAX_HOLD_MS)) {
    throw new Error(`action ${action}: a move's window (holdMs ${hold}) must be more than 0 and at most ${MAX_HOLD_MS} ms`);
  }
}

/** Whether `result` is the move made: the action's own test, else anything but an error or field errors. */
export const moveDone = (spec: Pick<OnceSpec<never, never>, 'done'>, result: ActionResult) => (spec.done ? spec.done(result) : result.kind !== 'error' && result.kind !== 'field-errors');

/** JSON with object keys in order, so that equal contents hash alike. */
function stable(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

export const contentHash = (content: unknown) => createHash('sha256').update(stable(content)).digest('base64url');

/** A move on the session's selected quota, `what` naming it (none without a quota: the action sends the customer to pick one). */
export function quotaMove(request: FastifyRequest, what: string, content?: unknown): MoveKey | null {
  const idCota = request.session?.data.quota?.idCota;
  return idCota === undefined ? null : { subject: `cota ${idCota} ${what}`, content };
}

/** The customer account a session acts for: the partner and the CPF/CNPJ. */
export const accountOf = (data: SessionData) => `${data.partnerId}:${data.customer.inscricaoNacional}`;

declare module 'fastify' {
  interface FastifyInstance {
    once: {
      /**
       * Runs `run` as the move `action`/`key` of the session's customer unless that move was made
       * or is being made: then the first confirmation's answer (replayed: true).
       */
      confirm(request: FastifyRequest, action: string, key: MoveKey, spec: OnceSpec<never, never>, run: () => Promise<ActionResult>): Promise<{ result: ActionResult; replayed: boolean }>;
      /** The done move `action`/`subject` of the session's customer may be made again. */
      reopen(request: FastifyRequest, action: string, subject: string): Promise<void>;
      claims: OnceClaims;
    };
  }
}

/** The clock windows are read by (Date.now unless a test moves it). */
export interface OnceOptions {
  now?: () => number;
}

/** Decorates `once`: drafts and money moves consumed by their first confirmation (table once_claims). */
export default fp<OnceOptions>(
  async (app, options) => {
    const claims = new OnceClaims(app.db, options.now);
    /** Waiters in this process, by account and move: woken when a leader here finishes. */
    const waiters = new Map<string, Set<() => void>>();
    const wake = (id: string) => {
      for (const resolve of waiters.get(id) ?? []) resolve();
      waiters.delete(id);
    };
    const pause = (id: string) =>
      new Promise<void>((resolve) => {
        const set = waiters.get(id) ?? new Set();
        waiters.set(id, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, LOOK_EVERY_MS);
        set.add(done);
      });
    const waitBound = app.config.SCREEN_DEADLINE_MS;

    async function adopt(request: FastifyRequest, spec: OnceSpec<never, never>, outcome: Outcome): Promise<ActionResult> {
      const session = request.session!;
      if (spec.draft && outcome.draft !== undefined) await app.sessions.patch(session, { [spec.draft]: outcome.draft } as Partial<SessionData>);
      return outcome.result;
    }

    async function confirm(request: FastifyRequest, action: string, key: MoveKey, spec: OnceSpec<never, never>, run: () => Promise<ActionResult>) {
      const session = request.session;
      if (!session) throw new AppError('session.required');
      const account = accountOf(session.data);
      const move = `${action} ${key.subject}`;
      const content = contentHash(key.content ?? null);
      const id = `${account}\u0000${move}`;
      const deadline = Date.now() + waitBound;
      for (;;) {
        const claim = await claims.claim(account, move, content);
        if (claim.kind === 'replay') return { result: await adopt(request, spec, claim.outcome as Outcome), replayed: true };
        if (claim.kind === 'lead') {
          let result: ActionResult;
          try {
            result = await run();
          } catch (err) {
            await claims.fail(account, move, claim.token, undefined);
            wake(id);
            throw err;
          }
          if (moveDone(spec, result)) {
            const draft = spec.draft ? session.data[spec.draft] : undefined;
            await claims.finish(account, move, claim.token, { result, ...(draft === undefined ? {} : { draft }) } satisfies Outcome, spec.holdMs ?? DEFAULT_HOLD_MS);
          } else await claims.fail(account, move, claim.token, { result } satisfies Outcome);
          wake(id);
          return { result, replayed: false };
        }
        // Another confirmation leads: wait for its answer, within the screen's deadline.
        for (;;) {
          if (Date.now() >= deadline) throw new AppError('request.idempotency-in-flight', { detail: `${action}: the first confirmation is still running` });
          await pause(id);
          const look = await claims.look(account, move, claim.token, content);
          if (look.kind === 'running') continue;
          if (look.kind === 'done') return { result: await adopt(request, spec, look.outcome as Outcome), replayed: true };
          if (look.kind === 'failed' && look.outcome) return { result: (look.outcome as Outcome).result, replayed: true };
          break; // changed, or the leader failed without an answer: claim again
        }
      }
    }

    app.decorate('once', {
      confirm,
      async reopen(request: FastifyRequest, action: string, subject: string) {
        if (request.session) await claims.reopen(accountOf(request.session.data), `${action} ${subject}`);
      },
      claims,
    });
    const sweep = setInterval(() => void claims.sweep().catch((err: unknown) => app.log.warn({ err }, 'once claims sweep failed')), 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'once', dependencies: ['config', 'storage', 'session'] },
);
