import { createHash, timingSafeEqual } from 'node:crypto';

export type StaffRole = 'viewer' | 'publisher' | 'approver';

/** Publishers and approvers edit and publish; approvers also approve someone else's publish. */
export const canPublish = (role: StaffRole) => role !== 'viewer';

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
