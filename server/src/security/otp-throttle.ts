import { counterKey, type Counters } from '../storage/counters.js';

/**
 * How many times a one-time code may be guessed. The counts belong to the account, never to a
 * login session, so logging in again, a second browser or another instance gives no new tries.
 */
export const OTP_LIMITS = {
  /** Tries of the code last sent; a new code starts its own count. */
  perCode: 5,
  /** Tries of any code of the account in the window: a new code does not give these back. */
  perAccount: 10,
  accountWindowSeconds: 3600,
  /** A code's count outlives any code the back office keeps valid. */
  codeWindowSeconds: 24 * 3600,
} as const;

/** `code-spent`: ask for a new code; `account-spent`: wait for the window to pass. */
export type OtpVerdict = 'allowed' | 'code-spent' | 'account-spent';

const hashed = (kind: string, value: string) => counterKey('otp', kind, value);

/** The code-guess limits of one account, on the counters every instance shares (Redis, else the database). */
export class OtpThrottle {
  constructor(private readonly counters: Counters) {}

  /** Whether another try may be made now (no try is used). */
  async verdict(account: string): Promise<OtpVerdict> {
    const [code, total] = await Promise.all([this.counters.count(hashed('code', account)), this.counters.count(hashed('account', account))]);
    return judge(code, total);
  }

  /**
   * Uses one try before the code is checked, so that tries sent at once (many sessions, many
   * instances) are counted before any of them reaches the back office; refused past a limit.
   */
  async reserve(account: string): Promise<OtpVerdict> {
    const [code, total] = await Promise.all([
      this.counters.hit(hashed('code', account), OTP_LIMITS.codeWindowSeconds),
      this.counters.hit(hashed('account', account), OTP_LIMITS.accountWindowSeconds),
    ]);
    return judge(code - 1, total - 1);
  }

  /** A new code went out: it gets its own tries (the account's budget stays as it is). */
  async codeSent(account: string): Promise<void> {
    await this.counters.reset(hashed('code', account));
  }

  /** The code checked out: the customer proved who they are. */
  async verified(account: string): Promise<void> {
    await Promise.all([this.counters.reset(hashed('code', account)), this.counters.reset(hashed('account', account))]);
  }
}

/** The verdict for `code` and `total` tries already used. */
function judge(code: number, total: number): OtpVerdict {
  if (total >= OTP_LIMITS.perAccount) return 'account-spent';
  if (code >= OTP_LIMITS.perCode) return 'code-spent';
  return 'allowed';
}
