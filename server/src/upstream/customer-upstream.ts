import type { CallSignal } from './deadline.js';
import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import { boundedMemo } from '../lib/bounded-memo.js';
import type { Session, SessionStore, UpstreamTokens } from '../storage/session-store.js';
import { session as backOffice, type AnswerOf, type Endpoint } from '../../../back-office/index.js';
import type { EndpointArgs, UpstreamClient, UpstreamFile, UpstreamRequest } from './client.js';
import { UpstreamError } from './upstream-error.js';
import type { KeptOwner, Read } from './kept-answers.js';

/** A token is used until 30 s before the expiry the upstream announced (spec doc 1 §3). */
export const TOKEN_MARGIN_MS = 30_000;

/**
 * On top of the 30 s, each session refreshes up to this fraction of its tokens' usable life
 * earlier, by an amount fixed by its id: sessions that logged in together (a morning peak, a
 * deploy that sent everyone to log in again) do not all refresh in the same second.
 */
export const TOKEN_SPREAD_FRACTION = 0.25;

/** Spreads already worked out, by session id (10 000 kept): a screen's calls ask for the same one 7 times. */
const spreads = boundedMemo<string, number>(10_000);

/** A number in [0, 1) fixed by the session id. */
function spreadOf(sessionId: string): number {
  return spreads(sessionId, () => createHash('sha256').update(sessionId).digest().readUInt32BE(0) / 2 ** 32);
}

/**
 * When the session stops using `tokens` and refreshes them: never later than the expiry minus
 * 30 s (spec doc 1 §3), and earlier by the session's share of the spread (tokens stored without
 * their issue time get none).
 */
export function refreshAt(tokens: UpstreamTokens, sessionId: string): number {
  const usable = tokens.issuedAt === undefined ? 0 : Math.max(0, tokens.expiresAt - TOKEN_MARGIN_MS - tokens.issuedAt);
  return tokens.expiresAt - TOKEN_MARGIN_MS - Math.floor(spreadOf(sessionId) * TOKEN_SPREAD_FRACTION * usable);
}

export type TokenScope = 'customer' | 'quota';

/** What a customer's contract call carries (the client adds the token and the deadline). */
export type CustomerArgs = Omit<EndpointArgs, 'accessToken' | 'basicAuth'> & { scope?: TokenScope };

interface RefreshAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export function tokensFrom(answer: { access_token: string; refresh_token: string; expires_in: number }, now: number): UpstreamTokens {
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresAt: now + answer.expires_in * 1000, issuedAt: now };
}

/**
 * One refresh at a time per session and token scope, in this process: concurrent callers
 * wait for the same promise and then use its tokens.
 */
export class RefreshCoordinator {
  private readonly inFlight = new Map<string, Promise<UpstreamTokens>>();

  run(key: string, refresh: () => Promise<UpstreamTokens>): Promise<UpstreamTokens> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = refresh().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /**
   * Resolves once no refresh runs here (each ended with its new tokens saved, or failed). On
   * close, before the storage goes: the back office has already rotated the refresh token of a
   * running refresh, so losing its answer would end that customer's session.
   */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }
}

/** The refresh call's answers that refuse the refresh token itself (invalid grant, unauthorized, forbidden). */
const REFUSED_REFRESH = new Set([400, 401, 403]);

/**
 * Upstream calls on behalf of the session's customer: picks the customer or quota token,
 * refreshes it before it expires or once on a 401, and ends the session when refresh fails.
 */
export class CustomerUpstream {
  constructor(
    private readonly client: UpstreamClient,
    private readonly store: SessionStore,
    readonly session: Session,
    private readonly refresher: RefreshCoordinator,
    private readonly now: () => number = Date.now,
    /** The screen's deadline, handed to every call. */
    readonly signal?: CallSignal,
    /** Told when the back office refused the refresh and the session ended: the security event. */
    private readonly onRevoked?: () => void,
  ) {}

  call<T>(req: Omit<UpstreamRequest, 'accessToken'> & { scope?: TokenScope }): Promise<T> {
    return this.withToken(req.scope ?? 'customer', (accessToken) => this.client.call<T>({ ...req, accessToken, signal: this.signal }));
  }

  /**
   * A call of the back-office contract, its answer validated by the endpoint's schema: served
   * from what is kept when the endpoint says it may be (for everyone, the session's partner or
   * this session), and, after a change, forgetting what the endpoint `invalidates` for them.
   */
  async request<E extends Endpoint>(e: E, args: CustomerArgs = {}): Promise<AnswerOf<E>> {
    return (await this.read(e, args)).value;
  }

  /** `request`'s answer and when it was read from the back office (earlier than now when it was kept). */
  async read<E extends Endpoint>(e: E, args: CustomerArgs = {}): Promise<Read<AnswerOf<E>>> {
    const kept = this.client.kept;
    const fresh = (background: boolean) => this.withToken(args.scope ?? 'customer', (accessToken) => this.client.fresh(e, { ...args, accessToken, signal: background ? undefined : this.signal }));
    if (kept?.keepOf(e)) return kept.read(e, args, this.owner(args.scope), fresh, this.signal);
    const value = await fresh(false);
    if (kept && e.invalidates) await kept.invalidate(e.invalidates(), this.owner(args.scope));
    return { value, at: this.now() };
  }

  /** Whose this session's calls are, for what is kept. */
  private owner(scope: TokenScope = 'customer'): KeptOwner {
    return { partnerId: this.session.data.partnerId, sessionId: this.session.id, tokenScope: scope, quotaId: this.session.data.quota?.idCota };
  }

  /** A file streamed from the upstream with the session's token (never a token in a page URL). */
  download(req: Omit<UpstreamRequest, 'accessToken'> & { scope?: TokenScope }): Promise<UpstreamFile> {
    return this.withToken(req.scope ?? 'customer', (accessToken) => this.client.download({ ...req, accessToken, signal: this.signal }));
  }

  private async withToken<T>(scope: TokenScope, run: (accessToken: string) => Promise<T>): Promise<T> {
    let tokens = this.tokens(scope);
    if (this.now() >= refreshAt(tokens, this.session.id)) tokens = await this.refresh(scope, tokens);
    try {
      return await run(tokens.accessToken);
    } catch (err) {
      if (!(err instanceof UpstreamError) || !err.tokenExpired) throw err;
      const fresh = await this.refresh(scope, tokens);
      return run(fresh.accessToken);
    }
  }

  private tokens(scope: TokenScope): UpstreamTokens {
    if (scope === 'customer') return this.session.data.tokens;
    const quota = this.session.data.quota;
    if (!quota) throw new AppError('quota.required');
    return quota.tokens;
  }

  private refresh(scope: TokenScope, stale: UpstreamTokens): Promise<UpstreamTokens> {
    const key = `${this.session.id}:${scope}`;
    // One refresh per session and scope: in this process (coordinator) and across instances
    // sharing PostgreSQL (advisory lock). Whoever comes second adopts the winner's tokens, since
    // the upstream rotates refresh tokens and revokes the family when one is used twice.
    return this.refresher.run(key, () =>
      this.store.withLock(key, async (store) => {
        const stored = await store.get(this.session.id);
        if (!stored) throw new AppError('session.expired');
        this.session.data = stored.data;
        const current = this.tokens(scope);
        if (current.accessToken !== stale.accessToken && this.now() < refreshAt(current, this.session.id)) return current;
        let answer: RefreshAnswer;
        try {
          answer = await this.client.request(backOffice.refresh, { json: { refresh_token: current.refreshToken }, basicAuth: true });
        } catch (cause) {
          if (cause instanceof UpstreamError && cause.unavailable) throw cause;
          await store.destroy(this.session.id);
          // The back office refused this session's refresh token (its life over, revoked, reused):
          // the session ends with a security event. The customer's other sessions keep their own
          // tokens and meet the back office's verdict at their own refresh: one token refused says
          // nothing of the account, and ending them all would let one session's fault log a
          // customer out everywhere.
          if (cause instanceof UpstreamError && REFUSED_REFRESH.has(cause.status)) this.onRevoked?.();
          throw new AppError('session.expired', { cause });
        }
        const fresh = tokensFrom(answer, this.now());
        await store.saveTokens(this.session, scope, fresh);
        return fresh;
      }),
    );
  }
}
