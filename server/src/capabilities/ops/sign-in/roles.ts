import { PROVIDER_ROLES, type ProviderSignIn } from '../../../staff-sign-in-config.js';
import type { StaffRole } from '../staff.js';

/** `amr` values (RFC 8176) that name a second factor: a one-time code, several factors, a hardware key. */
export const SECOND_FACTOR_AMR = ['otp', 'mfa', 'hwk'] as const;

/**
 * The console role a staff member's groups give: the highest of the roles whose groups they are
 * in, or null (in none: no console). The claim may be a list or one name.
 */
export function roleOf(groups: unknown, roleGroups: ProviderSignIn['roleGroups']): StaffRole | null {
  const theirs = new Set(Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : typeof groups === 'string' ? [groups] : []);
  let role: StaffRole | null = null;
  for (const candidate of PROVIDER_ROLES) if (roleGroups[candidate].some((g) => theirs.has(g))) role = candidate;
  return role;
}

/** Whether the sign-in shows a second factor: an `amr` of SECOND_FACTOR_AMR, or an `acr` the configuration names as MFA. */
export function secondFactorOf(claims: Record<string, unknown>, mfaAcr: readonly string[]): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  if (amr.some((m) => (SECOND_FACTOR_AMR as readonly unknown[]).includes(m))) return true;
  return typeof claims.acr === 'string' && mfaAcr.includes(claims.acr);
}
