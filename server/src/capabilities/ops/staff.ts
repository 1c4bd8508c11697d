import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Viewers read; publishers and approvers edit and publish; approvers also approve someone else's publish. */
export const STAFF_ROLES = ['viewer', 'publisher', 'approver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles each kind of console action admits (the role guard checks them before anything else). */
export const ROLES_FOR = {
  staff: STAFF_ROLES,
  publish: ['publisher', 'approver'],
  approve: ['approver'],
} as const satisfies Record<string, readonly StaffRole[]>;

export const canPublish = (role: StaffRole) => (ROLES_FOR.publish as readonly StaffRole[]).includes(role);

export interface StaffMember {
  login: string;
  role: StaffRole;
}

/**
 * scrypt as OWASP's password storage guidance sets it (N = 2^17, r = 8, p = 1): each check costs
 * the CPU and memory that make guessing slow, and runs off the event loop.
 */
const SCRYPT: ScryptOptions = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const HASH_BYTES = 32;

function slowHash(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, HASH_BYTES, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))));
}

interface StaffCredential extends StaffMember {
  salt: Buffer;
  hash: Buffer;
}

/**
 * The console's password accounts (OPS_USERS, never in production): each password kept only as
 * its scrypt hash with a salt of its own, made when the accounts are first needed.
 */
export class StaffAccounts {
  private readonly entries: Array<StaffMember & { password: string }>;
  private credentials: Promise<StaffCredential[]> | null = null;
  /** What an unknown login is checked against, so that it costs what a known one does. */
  private readonly decoy = { salt: randomBytes(16), hash: Buffer.alloc(HASH_BYTES) };

  /** OPS_USERS: `login:password:role` separated by commas; role viewer, publisher or approver. */
  constructor(spec: string) {
    this.entries = spec
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [login, password, role] = entry.split(':');
        if (!login || !password || (role !== 'viewer' && role !== 'publisher' && role !== 'approver')) {
          throw new Error(`OPS_USERS: entrada inválida "${login ?? ''}:…" (use login:senha:viewer|publisher|approver)`);
        }
        return { login, role, password };
      });
  }

  has(login: string): boolean {
    return this.entries.some((entry) => entry.login === login);
  }

  private hashed(): Promise<StaffCredential[]> {
    this.credentials ??= (async () => {
      const out: StaffCredential[] = [];
      for (const { login, role, password } of this.entries) {
        const salt = randomBytes(16);
        out.push({ login, role, salt, hash: await slowHash(password, salt) });
      }
      this.entries.forEach((entry) => (entry.password = ''));
      return out;
    })();
    return this.credentials;
  }

  /** The staff member with these credentials, or null; one slow hash whatever the login. */
  async verify(login: string, password: string): Promise<StaffMember | null> {
    const member = (await this.hashed()).find((m) => m.login === login);
    const { salt, hash } = member ?? this.decoy;
    const given = await slowHash(password, salt);
    return member && timingSafeEqual(hash, given) ? { login: member.login, role: member.role } : null;
  }
}
