import { counterKey, type Counters } from '../storage/counters.js';

/** The 6-digit password is weak, so password login is guarded hard. */
export const LOGIN_LIMITS = {
  /** Wrong passwords per account in the window. */
  perAccount: 5,
  /** Wrong passwords per client address in the window. */
  perAddress: 20,
  windowSeconds: 15 * 60,
  /** Consecutive failures that block password login until a reset confirmed by one-time code. */
  consecutiveToBlock: 10,
  /** How long a block lasts if no reset ever comes (kept long on purpose). */
  blockSeconds: 30 * 24 * 3600,
} as const;

export type LoginVerdict = 'allowed' | 'too-many' | 'blocked' | 'unblock-by-code';

const hashed = (kind: string, value: string) => counterKey('login', kind, value);

/**
 * Per-account and per-address windows plus a consecutive-failure block. The verdict depends
 * only on the identifier typed, never on whether the account exists, so the answer, status and
 * timing are the same for both.
 */
export class LoginThrottle {
  constructor(private readonly counters: Counters) {}

  async verdict(account: string, address: string): Promise<LoginVerdict> {
    // A blocked account that reset its password is let through to the password check; the
    // login then still owes a one-time code before the block is lifted.
    const [consecutive, perAccount, perAddress] = await Promise.all([
      this.counters.count(hashed('consecutive', account)),
      this.counters.count(hashed('account', account)),
      this.counters.count(hashed('address', address)),
    ]);
    if (consecutive >= LOGIN_LIMITS.consecutiveToBlock) return (await this.mayUnblock(account)) ? 'unblock-by-code' : 'blocked';
    if (perAccount >= LOGIN_LIMITS.perAccount || perAddress >= LOGIN_LIMITS.perAddress) return 'too-many';
    return 'allowed';
  }

  async failed(account: string, address: string): Promise<void> {
    await Promise.all([
      this.counters.hit(hashed('consecutive', account), LOGIN_LIMITS.blockSeconds),
      this.counters.hit(hashed('account', account), LOGIN_LIMITS.windowSeconds),
      this.counters.hit(hashed('address', address), LOGIN_LIMITS.windowSeconds),
    ]);
  }

  /**
   * Counts a try of the account before its password is checked, so that tries sent at once (many
   * sessions, many instances) are counted before any of them reaches the back office: false when
   * the account already had its tries in the window. A right password forgets them (succeeded).
   */
  async reserve(account: string): Promise<boolean> {
    return (await this.counters.hit(hashed('trying', account), LOGIN_LIMITS.windowSeconds)) <= LOGIN_LIMITS.perAccount;
  }

  async succeeded(account: string): Promise<void> {
    await Promise.all([this.counters.reset(hashed('consecutive', account)), this.counters.reset(hashed('account', account)), this.counters.reset(hashed('trying', account))]);
  }

  /** The customer completed a password reset: the next right password may go on to a one-time code. */
  async resetRequested(account: string): Promise<void> {
    // The reset opens the way back with fresh tries: the next right password (then a code) is not refused for earlier ones.
    await Promise.all([this.counters.hit(hashed('reset', account), LOGIN_LIMITS.blockSeconds), this.counters.reset(hashed('trying', account))]);
  }

  /** Whether a blocked account has reset its password (and may log in through a one-time code). */
  async mayUnblock(account: string): Promise<boolean> {
    return (await this.counters.count(hashed('reset', account))) > 0;
  }

  /** After a password reset confirmed by one-time code. */
  async unblock(account: string): Promise<void> {
    await Promise.all([this.succeeded(account), this.counters.reset(hashed('reset', account))]);
  }
}
