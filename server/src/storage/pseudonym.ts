import { createHmac } from 'node:crypto';

/** A keyed pseudonym of a customer: the same for every line about them, useless without the key. */
export function pseudonym(key: Buffer, partnerId: number, account: string): string {
  return createHmac('sha256', key).update(`${partnerId}:${account.replace(/[.\-/\s]/g, '').toUpperCase()}`).digest('base64url').slice(0, 22);
}
