import { createHash, timingSafeEqual } from 'node:crypto';

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

interface StaffCredential extends StaffMember {
  digest: Buffer;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** OPS_USERS: `login:password:role` separated by commas; role viewer, publisher or approver. */
export function parseStaff(spec: string): StaffCredential[] {
  return spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [login, password, role] = entry.split(':');
      if (!login || !password || (role !== 'viewer' && role !== 'publisher' && role !== 'approver')) {
        throw new Error(`OPS_USERS: entrada inválida "${login ?? ''}:…" (use login:senha:viewer|publisher|approver)`);
      }
      return { login, role, digest: digest(password) };
    });
}

/** The staff member with these credentials; comparison in constant time whatever the login. */
export function verifyStaff(staff: readonly StaffCredential[], login: string, password: string): StaffMember | null {
  const given = digest(password);
  let found: StaffMember | null = null;
  for (const member of staff) {
    const match = timingSafeEqual(member.digest, given) && member.login === login;
    if (match) found = { login: member.login, role: member.role };
  }
  return found;
}
