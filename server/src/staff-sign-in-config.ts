import { z } from 'zod';

/** A comma-separated list of group names as the provider writes them in the groups claim. */
const groupList = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[^,\s][^,]*(\s*,\s*[^,\s][^,]*)*$/, `${name} deve ser uma lista de grupos do provedor separados por vírgula, ex.: console-leitura,auditoria`)
    .transform((v) => v.split(',').map((g) => g.trim()))
    .optional();

/**
 * How staff sign in to the operations console (capabilities/ops/sign-in/): at the bank's OpenID
 * provider (authorization code with PKCE), or — outside production only — with the OPS_USERS
 * accounts. The console session's lifetimes are here too.
 */
export const StaffSignInSchema = z.object({
  /** The bank's OpenID provider (its issuer identifier); required in production. */
  OPS_OIDC_ISSUER: z.url({ protocol: /^https?$/, message: 'OPS_OIDC_ISSUER deve ser a URL (issuer) do provedor de identidade, ex.: https://login.banco.example/realms/equipe' }).optional(),
  OPS_OIDC_CLIENT_ID: z.string().trim().min(1, 'OPS_OIDC_CLIENT_ID não pode ser vazio').max(200).optional(),
  OPS_OIDC_CLIENT_SECRET: z.string().min(1, 'OPS_OIDC_CLIENT_SECRET não pode ser vazio').optional(),
  /** Scopes asked at sign-in; `offline_access` asks for the refresh token the role is read again with. */
  OPS_OIDC_SCOPE: z.string().trim().regex(/^openid( +[\x21\x23-\x5b\x5d-\x7e]+)*$/, 'OPS_OIDC_SCOPE deve começar com openid e separar os escopos por espaço, ex.: openid profile offline_access').default('openid profile offline_access'),
  /** The claim (ID token or userinfo) that lists the staff member's groups. */
  OPS_OIDC_GROUPS_CLAIM: z.string().regex(/^[A-Za-z0-9_:./-]{1,100}$/, 'OPS_OIDC_GROUPS_CLAIM deve ser o nome de um claim, ex.: groups').default('groups'),
  /** The provider's groups whose members read the console, publish, or publish and approve (the highest wins). */
  OPS_OIDC_VIEWER_GROUPS: groupList('OPS_OIDC_VIEWER_GROUPS'),
  OPS_OIDC_PUBLISHER_GROUPS: groupList('OPS_OIDC_PUBLISHER_GROUPS'),
  OPS_OIDC_APPROVER_GROUPS: groupList('OPS_OIDC_APPROVER_GROUPS'),
  /** `acr` values that mean a second factor at this provider (beside an `amr` of otp, mfa or hwk). */
  OPS_OIDC_MFA_ACR: groupList('OPS_OIDC_MFA_ACR'),
  /** A console session ends this many hours after sign-in, however active. */
  OPS_SESSION_MAX_HOURS: z.coerce.number().int().min(1, 'OPS_SESSION_MAX_HOURS: pelo menos 1 hora').max(8, 'OPS_SESSION_MAX_HOURS: no máximo 8 horas').default(8),
  /** How often the staff member's groups are read again from the provider (0: on every request). */
  OPS_ROLE_CHECK_SECONDS: z.coerce.number().int().min(0).max(300, 'OPS_ROLE_CHECK_SECONDS: no máximo 300 segundos (5 minutos)').default(300),
});

type StaffSignInInput = z.infer<typeof StaffSignInSchema> & { APP_ENV: string; OPS_USERS?: string | undefined };

/** The console's roles, lowest first; a staff member in groups of several roles has the highest. */
export const PROVIDER_ROLES = ['viewer', 'publisher', 'approver'] as const;

export interface ProviderSignIn {
  kind: 'provider';
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  groupsClaim: string;
  /** Each role's groups at the provider. */
  roleGroups: Record<(typeof PROVIDER_ROLES)[number], string[]>;
  mfaAcr: string[];
}

export interface PasswordSignIn {
  kind: 'password';
  /** OPS_USERS: `login:senha:role,…` (the sandbox's accounts when absent). */
  accounts: string;
}

export type StaffSignInConfig = ProviderSignIn | PasswordSignIn;

/** Why this sign-in configuration cannot start (each line names its variable); empty when it can. */
export function staffSignInProblems(c: StaffSignInInput): string[] {
  const production = c.APP_ENV === 'production';
  const groups = c.OPS_OIDC_VIEWER_GROUPS ?? c.OPS_OIDC_PUBLISHER_GROUPS ?? c.OPS_OIDC_APPROVER_GROUPS;
  return [
    production && !c.OPS_OIDC_ISSUER && 'OPS_OIDC_ISSUER: obrigatório em produção (a equipe entra pelo provedor de identidade do banco, com segundo fator)',
    production && c.OPS_USERS && 'OPS_USERS: não vale em produção; a equipe entra pelo provedor de identidade (OPS_OIDC_ISSUER)',
    !production && c.OPS_OIDC_ISSUER && c.OPS_USERS && 'OPS_USERS: não use junto com OPS_OIDC_ISSUER; com um provedor de identidade, a equipe entra só por ele',
    c.OPS_OIDC_ISSUER && !c.OPS_OIDC_CLIENT_ID && 'OPS_OIDC_CLIENT_ID: obrigatório com OPS_OIDC_ISSUER (o cliente do console no provedor)',
    c.OPS_OIDC_ISSUER && !c.OPS_OIDC_CLIENT_SECRET && 'OPS_OIDC_CLIENT_SECRET: obrigatório com OPS_OIDC_ISSUER (o segredo do cliente do console no provedor)',
    c.OPS_OIDC_ISSUER && !groups && 'OPS_OIDC_VIEWER_GROUPS, OPS_OIDC_PUBLISHER_GROUPS, OPS_OIDC_APPROVER_GROUPS: informe os grupos do provedor de pelo menos um perfil',
    production && c.OPS_OIDC_ISSUER?.startsWith('http:') && !isLoopback(c.OPS_OIDC_ISSUER) && 'OPS_OIDC_ISSUER: o provedor de identidade deve ser acessado por https em produção',
  ].filter((p): p is string => typeof p === 'string');
}

/** How the console signs staff in, from a configuration whose problems are none. */
export function staffSignInOf(c: StaffSignInInput, sandboxAccounts: string): StaffSignInConfig {
  if (!c.OPS_OIDC_ISSUER) return { kind: 'password', accounts: c.OPS_USERS ?? sandboxAccounts };
  return {
    kind: 'provider',
    issuer: c.OPS_OIDC_ISSUER,
    clientId: c.OPS_OIDC_CLIENT_ID!,
    clientSecret: c.OPS_OIDC_CLIENT_SECRET!,
    scope: c.OPS_OIDC_SCOPE,
    groupsClaim: c.OPS_OIDC_GROUPS_CLAIM,
    roleGroups: { viewer: c.OPS_OIDC_VIEWER_GROUPS ?? [], publisher: c.OPS_OIDC_PUBLISHER_GROUPS ?? [], approver: c.OPS_OIDC_APPROVER_GROUPS ?? [] },
    mfaAcr: c.OPS_OIDC_MFA_ACR ?? [],
  };
}

/** A sidecar or the sandbox on this machine never crosses a network: plain http is accepted there only. */
export function isLoopback(url: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
}
