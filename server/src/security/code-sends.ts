import type { Counters } from '../storage/counters.js';

/** One-time codes sent to one account in an hour, whatever asks for them (the login's verification, a registration change). */
export const CODE_SENDS_PER_HOUR = 5;

/**
 * Counts a code send before the back office is asked for it: false past the account's codes for
 * the hour. The key is the one the login's verification counts (capabilities/auth/verification.ts),
 * so every flow of the account shares the same five codes.
 */
export async function reserveCodeSend(counters: Counters, account: string): Promise<boolean> {
  return (await counters.hit(`otp-send:${account}`, 3600)) <= CODE_SENDS_PER_HOUR;
}
