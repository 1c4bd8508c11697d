import { readFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';

/** The sandbox's staff accounts (sandbox/fixtures/staff.json): login, password, groups and the seed of the authenticator's codes. */
const StaffFile = z.object({
  staff: z.array(
    z.object({
      login: z.string().regex(/^[a-z][a-z0-9.-]{1,63}$/),
      password: z.string().min(8),
      name: z.string().min(1),
      groups: z.array(z.string().min(1)),
      /** Base32 seed of the staff member's TOTP, as an authenticator app would hold it. */
      totp: z.string().regex(/^[A-Z2-7]{32}$/),
    }),
  ),
});
export type StaffAccount = z.infer<typeof StaffFile>['staff'][number];

export const STAFF_FILE = new URL('../../fixtures/staff.json', import.meta.url);

/** The codes an authenticator app shows for this seed: six digits, a new one every 30 seconds. */
export function authenticatorOf(account: Pick<StaffAccount, 'login' | 'totp'>): TOTP {
  return new TOTP({ issuer: 'Consórcio sandbox', label: account.login, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(account.totp) });
}

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The identity provider's directory: who the staff are and which groups each is in now. A test
 * moves a staff member between groups (or out of all of them) as the bank's directory would.
 */
export class StaffDirectory {
  private readonly accounts: Map<string, StaffAccount>;

  constructor(accounts: readonly StaffAccount[] = readStaffFile()) {
    this.accounts = new Map(accounts.map((a) => [a.login, structuredClone(a)]));
  }

  find(login: string): StaffAccount | undefined {
    return this.accounts.get(login);
  }

  /** The account whose password this is; every account's password is compared, whatever the login. */
  checkPassword(login: string, password: string): StaffAccount | null {
    let found: StaffAccount | null = null;
    for (const account of this.accounts.values()) if (same(account.password, password) && account.login === login) found = account;
    return found;
  }

  /** Whether `code` is the account's current code (or the one just before or after, for a clock a little off). */
  checkCode(login: string, code: string): boolean {
    const account = this.accounts.get(login);
    return Boolean(account && /^\d{6}$/.test(code) && authenticatorOf(account).validate({ token: code, window: 1 }) !== null);
  }

  /** The code the account's authenticator shows now. */
  currentCode(login: string): string {
    const account = this.accounts.get(login);
    if (!account) throw new Error(`no staff account ${login}`);
    return authenticatorOf(account).generate();
  }

  /** Puts the staff member in these groups only (none: removed from the console's groups). */
  setGroups(login: string, groups: string[]): void {
    const account = this.accounts.get(login);
    if (!account) throw new Error(`no staff account ${login}`);
    account.groups = [...groups];
  }
}

export function readStaffFile(): StaffAccount[] {
  return StaffFile.parse(JSON.parse(readFileSync(STAFF_FILE, 'utf8'))).staff;
}
