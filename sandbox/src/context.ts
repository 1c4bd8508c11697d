import type { FaultTable } from './faults.js';
import type { RecordedCall } from './calls.js';
import type { SandboxState } from './state/store.js';

export interface SandboxOptions {
  /** Access-token lifetime in seconds (SANDBOX_TOKEN_TTL_SECONDS), 300 by default. */
  tokenTtlSeconds: number;
  /** How long a refresh token outlives its access token, in seconds: 12 hours. */
  refreshTtlSeconds: number;
  /** The API client allowed to call (basic auth on login and refresh). */
  clientId: string;
  clientSecret: string;
  /**
   * For how long a rotated refresh token used again gets the same new pair instead of revoking
   * its family (SANDBOX_REFRESH_REUSE_SECONDS, 0 by default: every reuse revokes).
   */
  refreshReuseSeconds: number;
  /** How many recorded calls are kept, newest last (SANDBOX_CALLS_KEPT); 0 records none. */
  callsKept: number;
}

/** What every route module receives. */
export interface SandboxContext {
  state: SandboxState;
  options: SandboxOptions;
  faults: FaultTable;
  calls: RecordedCall[];
  /** Messages the back office "sent" (SMS, e-mail), newest last: tests and demos read codes here. */
  outbox: OutboxMessage[];
}

export interface OutboxMessage {
  at: string;
  channel: 'sms' | 'email';
  to: string;
  text: string;
  code?: string;
}
