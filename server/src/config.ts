import { distance } from 'fastest-levenshtein';
import { secretProblems } from './production-secrets.js';
import { transportProblems } from './transport-security.js';
import { SealKeys } from './storage/sealing.js';
import { isLoopback, StaffSignInSchema, staffSignInOf, staffSignInProblems, type StaffSignInConfig } from './staff-sign-in-config.js';
import { hkdfSync, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/**
 * TRUST_PROXY: how many proxies (load balancers) stand in front of the server — a hop count
 * (`1`) — or the addresses/CIDR ranges of the trusted proxies (`10.244.250.0/26,192.168.1.7`): the
 * proxies' own addresses, never a whole network whose every host could forge the headers.
 * Absent or `0`: the socket's peer is the client (no forwarded header is believed).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: no máximo 10 saltos' });
      return hops;
    }
    const list = v.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((entry) => {
      const [address, bits, extra] = entry.split('/');
      if (extra !== undefined || !address || !isIP(address)) return true;
      if (bits === undefined) return false;
      const max = isIP(address) === 4 ? 32 : 128;
      return !/^\d+$/.test(bits) || Number(bits) > max;
    });
    if (list.length === 0 || bad.length > 0) ctx.addIssue({ code: 'custom', message: `TRUST_PROXY deve ser um número de saltos ou uma lista de endereços/CIDR; inválido: ${bad.join(', ') || '(vazio)'}` });
    return list;
  });

/** The back-office API client of a machine without UPSTREAM_CLIENT_ID/SECRET: the sandbox's (never in production). */
export const SANDBOX_UPSTREAM_CLIENT = { id: 'app-cliente-web', secret: 'sandbox-secret' } as const;

/** The reason a connection crosses the network in clear: a sentence, not a flag. */
const tlsExemption = (name: string) => z.string().trim().min(20, `${name} deve dizer por que a conexão não usa TLS (20 caracteres ou mais)`).optional();

/** Every setting the server reads, validated once at start-up. Nothing else reads process.env. */
export const ConfigSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPSTREAM_URL: z.url({ protocol: /^https?$/, message: 'UPSTREAM_URL deve ser uma URL http(s), ex.: http://127.0.0.1:4010' }),
  UPSTREAM_BASE_PATH: z.string().startsWith('/').default('/app-cliente/v1'),
  UPSTREAM_CLIENT_ID: z.string().min(1).default(SANDBOX_UPSTREAM_CLIENT.id),
  UPSTREAM_CLIENT_SECRET: z.string().min(1).default(SANDBOX_UPSTREAM_CLIENT.secret),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres:// ou postgresql://')
    .optional(),
  /** Connections to PostgreSQL per instance: a token refresh holds one (its advisory lock) while the back office answers. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /**
   * `auto`: the server applies the migrations at start. `never`: it only checks them (its role may
   * not create anything) and is not ready while the database lacks one; `npm run migrate` applies
   * them as the migration role (DATABASE_MIGRATION_URL). The embedded PGlite always migrates.
   */
  DATABASE_MIGRATE: z.enum(['auto', 'never'], { message: 'DATABASE_MIGRATE deve ser auto ou never' }).default('auto'),
  DATA_DIR: z.string().min(1).default('data/pglite'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL deve começar com redis:// ou rediss://').optional(),
  /** Why production reaches PostgreSQL, Redis or the collector without TLS (transport-security.ts); each unset unless there is a reason. */
  DATABASE_TLS_EXEMPTION: tlsExemption('DATABASE_TLS_EXEMPTION'),
  REDIS_TLS_EXEMPTION: tlsExemption('REDIS_TLS_EXEMPTION'),
  OTEL_TLS_EXEMPTION: tlsExemption('OTEL_TLS_EXEMPTION'),
  /**
   * The secrets the customers' pseudonyms are keyed by, comma-separated, newest first (at most 3):
   * the first keys what is written from now on, every one is tried when a customer's sessions are
   * looked up, so a rotation (a new secret first, the old one kept until the sessions opened under
   * it have ended) loses no session from the customer's list nor from "end all".
   */
  COOKIE_SECRET: z
    .string()
    .refine((v) => cookieSecretList(v).every((s) => s.length >= 32), 'COOKIE_SECRET precisa de pelo menos 32 caracteres (cada segredo da lista)')
    .refine((v) => cookieSecretList(v).length <= 3, 'COOKIE_SECRET: no máximo 3 segredos (o novo primeiro, os anteriores depois)')
    .optional(),
  /**
   * Keys that seal the back office's tokens in the session store (AES-256-GCM): `id=base64,…`,
   * newest first, each 32 random bytes. A random key per process when absent (outside production).
   */
  SESSION_SEAL_KEYS: z
    .string()
    .superRefine((text, ctx) => {
      try {
        SealKeys.parse(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `SESSION_SEAL_KEYS deve ser id=chave-base64-de-32-bytes,… (${(err as Error).message})` });
      }
    })
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** Host name that local hosts (localhost, 127.0.0.1) are resolved as when loading the partner. */
  DEV_PARTNER_DOMAIN: z.string().min(1).default('localhost'),
  PARTNER_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  RENDERER_DIR: z.string().min(1).default('dist/renderer'),
  /** The renderer's server entry (`vite build --ssr`): when built, a page's first screen is drawn into its HTML. */
  RENDERER_SSR_DIR: z.string().min(1).default('dist/renderer-ssr'),
  /**
   * Operations console staff with passwords, outside production only and without OPS_OIDC_ISSUER:
   * `login:senha:viewer|publisher|approver,…`. The sandbox's accounts when absent.
   */
  OPS_USERS: z.string().optional(),
  ...StaffSignInSchema.shape,
  /** Personas the console previews decisions for (the sandbox's fixture file); absent in production. */
  OPS_PREVIEW_PERSONAS: z.string().optional(),
  /**
   * The operations console's own host name: /ops and the console's routes answer there only, and
   * nothing else does (security/console-host.ts). Required in production; `ops.localhost`
   * elsewhere. A port is ignored, as in ALLOWED_HOSTS.
   */
  OPS_HOST: z
    .string()
    .trim()
    .regex(/^(?=[^:]{1,253}(:\d+)?$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d+)?$/i, 'OPS_HOST deve ser um nome de host com domínio, ex.: ops.consorcio.example')
    .refine((host) => !isIP(host.replace(/:\d+$/, '')), 'OPS_HOST deve ser um nome de host, não um endereço IP')
    .optional(),
  /**
   * A console publish waits for a second person (role approver) to approve it. Off by default
   * outside production; production always requires it and refuses `false`.
   */
  OPS_REQUIRE_APPROVAL: bool.optional(),
  /** How often each instance looks for a newly published flow version (ms); 0 turns polling off. */
  FLOWS_POLL_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
  /** How often each instance writes the flows' counts it keeps in memory (ms); 0 writes them only when the console reads and at close. */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Validate every emitted screen against the contract (on by default outside production). */
  VALIDATE_SCREENS: bool.optional(),
  TRUST_PROXY: trustProxy.optional(),
  /** How long a screen may wait for the back office before it degrades or answers its error (ms). */
  SCREEN_DEADLINE_MS: z.coerce.number().int().min(500).max(60_000).default(8_000),
  /** Expose GET /api/bench/passthrough/home (the benchmark's floor). Off by default. */
  BENCH_ROUTES: bool.default(false),
  /** Port of the Prometheus metrics listener (GET /metrics); metrics are off when absent. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics listener binds. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Networks allowed to read metrics (CIDR list); any other address gets 403. */
  METRICS_ALLOWED_NETWORKS: z.string().regex(/^[0-9a-f.:]+(\/\d{1,3})?(\s*,\s*[0-9a-f.:]+(\/\d{1,3})?)*$/i, 'METRICS_ALLOWED_NETWORKS deve ser uma lista de redes CIDR, ex.: 127.0.0.0/8,10.244.251.0/26').default('127.0.0.0/8,::1/128'),
  /** OTLP/HTTP collector base URL (…/v1/traces is appended); traces are off when absent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, message: 'OTEL_EXPORTER_OTLP_ENDPOINT deve ser uma URL http(s)' }).optional(),
  /** Log level per capability, e.g. `auth=debug,slips=warn` (others follow LOG_LEVEL). */
  LOG_LEVELS: z.string().regex(/^([a-z-]+=(fatal|error|warn|info|debug|trace|silent))(,[a-z-]+=(fatal|error|warn|info|debug|trace|silent))*$/, 'LOG_LEVELS deve ser uma lista capacidade=nível, ex.: auth=debug,slips=warn').optional(),
  /** The window of the request limits below (security/rate-limits.ts), in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Screens (`GET /api/screens`) one session may ask for in a window. */
  RATE_LIMIT_SCREENS_PER_SESSION: z.coerce.number().int().min(1).max(10_000_000).default(120),
  /** Actions (`POST /api/actions/…`) one session may run in a window. */
  RATE_LIMIT_ACTIONS_PER_SESSION: z.coerce.number().int().min(1).max(10_000_000).default(60),
  /** Screens and actions together from one client address in a window, whatever the session. */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** Host names the server answers for (the partners' domains), comma-separated; required in production. */
  ALLOWED_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?(\s*,\s*[a-z0-9.-]+(:\d+)?)*$/i, 'ALLOWED_HOSTS deve ser uma lista de nomes de host separados por vírgula')
    .optional(),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Secure cookie with the __Host-Http- prefix outside local development. */
  secureCookies: boolean;
  sessionCookieName: string;
  /** The operations console's own session cookie (never the customer's). */
  staffCookieName: string;
  validateScreens: boolean;
  /** How staff sign in to the console: at the OpenID provider, or with OPS_USERS' passwords (never in production). */
  staffSignIn: StaffSignInConfig;
  opsPreviewPersonas: string | null;
  /** Host names (lower case, without port) the server answers for, the console's among them; null answers any. */
  allowedHosts: Set<string> | null;
  /** The console's host name (OPS_HOST, lower case, without port). */
  consoleHost: string;
  /** Whether a console publish waits for an approver: always in production. */
  opsRequireApproval: boolean;
  /** Variables that look like a misspelt known one (`UPSTREAM_ULR`), to be logged at start. */
  warnings: string[];
  /** Fastify's trustProxy: false, a hop count or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** The key ring sealing the session store's secrets. */
  sealKeys: SealKeys;
  /** The key of the customers' pseudonyms in security events, derived from COOKIE_SECRET's first secret (random per process without it). */
  subjectKey: Buffer;
  /** subjectKey, then the keys of COOKIE_SECRET's older secrets: a customer's sessions are looked up under each. */
  subjectKeys: Buffer[];
};

/** COOKIE_SECRET's secrets, newest first. */
export function cookieSecretList(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(raiz)'}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const signIn = staffSignInProblems(c);
  if (signIn.length && c.APP_ENV !== 'production') throw new ConfigError(`Configuração inválida:\n${signIn.map((u) => `  - ${u}`).join('\n')}`);
  if (c.APP_ENV === 'production') {
    const unsafe = productionProblems(c);
    if (unsafe.length) throw new ConfigError(`Configuração insegura para produção:\n${unsafe.map((u) => `  - ${u}`).join('\n')}`);
  }
  const secureCookies = c.APP_ENV === 'production';
  const consoleHost = bareHost(c.OPS_HOST ?? DEV_OPS_HOST);
  const subjectKeys = (c.COOKIE_SECRET ? cookieSecretList(c.COOKIE_SECRET) : [randomBytes(32)]).map((secret) => Buffer.from(hkdfSync('sha256', secret, '', 'security-event-subject', 32)));
  return {
    ...c,
    secureCookies,
    sessionCookieName: secureCookies ? '__Host-Http-sid' : 'sid',
    staffCookieName: secureCookies ? '__Host-Http-ops_sid' : 'ops_sid',
    trustProxy: c.TRUST_PROXY === undefined || c.TRUST_PROXY === 0 ? false : c.TRUST_PROXY,
    validateScreens: c.VALIDATE_SCREENS ?? c.APP_ENV !== 'production',
    staffSignIn: staffSignInOf(c, SANDBOX_STAFF),
    opsPreviewPersonas: c.OPS_PREVIEW_PERSONAS ?? (c.APP_ENV === 'production' ? null : 'sandbox/fixtures/personas.json'),
    allowedHosts: c.ALLOWED_HOSTS ? new Set([...c.ALLOWED_HOSTS.split(',').map(bareHost), consoleHost]) : null,
    consoleHost,
    opsRequireApproval: c.APP_ENV === 'production' || c.OPS_REQUIRE_APPROVAL === true,
    warnings: misspelt(env),
    sealKeys: c.SESSION_SEAL_KEYS ? SealKeys.parse(c.SESSION_SEAL_KEYS) : SealKeys.ephemeral(),
    subjectKey: subjectKeys[0]!,
    subjectKeys,
  };
}

/**
 * What production must never run with (each names its variable): password accounts for the
 * console or no identity provider (staff-sign-in-config.ts), the sandbox's API client, a missing cookie secret, a secret published in the repository or too weak
 * (production-secrets.ts), an upstream over plain http, PostgreSQL, Redis or the collector without
 * TLS (transport-security.ts), no list of allowed hosts, no console host
 * of its own, a console publish without a second person.
 */
function productionProblems(c: z.infer<typeof ConfigSchema>): string[] {
  return [
    !c.COOKIE_SECRET && 'COOKIE_SECRET: obrigatório em produção (32 caracteres ou mais)',
    !c.SESSION_SEAL_KEYS && 'SESSION_SEAL_KEYS: obrigatório em produção (id=chave de 32 bytes em base64, a mais nova primeiro)',
    c.UPSTREAM_CLIENT_ID === SANDBOX_UPSTREAM_CLIENT.id && 'UPSTREAM_CLIENT_ID: obrigatório em produção (o do sandbox não vale)',
    c.UPSTREAM_CLIENT_SECRET === SANDBOX_UPSTREAM_CLIENT.secret && 'UPSTREAM_CLIENT_SECRET: obrigatório em produção (o do sandbox não vale)',
    ...staffSignInProblems(c),
    c.UPSTREAM_URL.startsWith('http:') && !isLoopback(c.UPSTREAM_URL) && 'UPSTREAM_URL: o back office deve ser acessado por https em produção',
    !c.ALLOWED_HOSTS && 'ALLOWED_HOSTS: obrigatório em produção (os domínios dos parceiros)',
    !c.OPS_HOST && 'OPS_HOST: obrigatório em produção (o domínio próprio do console de operações, ex.: ops.consorcio.example)',
    c.OPS_REQUIRE_APPROVAL === false && 'OPS_REQUIRE_APPROVAL: em produção toda publicação espera a aprovação de uma segunda pessoa (perfil approver); retire a variável ou use true',
    ...secretProblems(c),
    ...transportProblems(c),
  ].filter((p): p is string => typeof p === 'string');
}

/** The console's host outside production: Chromium and curl resolve every *.localhost to the loopback without configuration. */
export const DEV_OPS_HOST = 'ops.localhost';

/** A host as ALLOWED_HOSTS and OPS_HOST name it, lower case and without its port. */
function bareHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '');
}

/** Environment names one or two edits away from a known variable, never equal to one: likely typos. */
function misspelt(env: Record<string, string | undefined>): string[] {
  const known = Object.keys(ConfigSchema.shape);
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (known.includes(name) || !/^[A-Z][A-Z0-9_]{3,}$/.test(name)) continue;
    // Short names tolerate one edit (PORTT), longer ones two (UPSTREAM_ULR); HOME is not HOST.
    const near = known.find((k) => distance(k, name) <= (Math.min(k.length, name.length) < 8 ? 1 : 2));
    if (near) warnings.push(`${name} não é uma variável conhecida; você quis dizer ${near}?`);
  }
  return warnings;
}

/** Console accounts of a machine without OPS_USERS nor OPS_OIDC_ISSUER (never in production). */
export const SANDBOX_STAFF = 'operacao:operacao-sandbox:publisher,consulta:consulta-sandbox:viewer,aprovacao:aprovacao-sandbox:approver';

const postgresUrl = (name: string) => z.string().regex(/^postgres(ql)?:\/\//, `${name} deve começar com postgres:// ou postgresql://`);

/**
 * What `npm run migrate` (server/src/migrate.ts, the cluster's Job) reads: the PostgreSQL database
 * it migrates, as the migration role (DATABASE_MIGRATION_URL; DATABASE_URL when one role does
 * both), and the log level. Nothing else: the Job starts no server.
 */
export const MigrationConfigSchema = z.object({
  DATABASE_MIGRATION_URL: postgresUrl('DATABASE_MIGRATION_URL').optional(),
  DATABASE_URL: postgresUrl('DATABASE_URL').optional(),
  LOG_LEVEL: ConfigSchema.shape.LOG_LEVEL,
});

export function loadMigrationConfig(env: Record<string, string | undefined> = process.env): { databaseUrl: string; LOG_LEVEL: Config['LOG_LEVEL'] } {
  const parsed = MigrationConfigSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Configuração inválida:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const databaseUrl = parsed.data.DATABASE_MIGRATION_URL ?? parsed.data.DATABASE_URL;
  if (!databaseUrl) throw new ConfigError('Configuração inválida:\n  - DATABASE_MIGRATION_URL: obrigatório (o PostgreSQL a migrar, com o papel de migração); sem PostgreSQL, o PGlite embutido migra ao iniciar o servidor');
  return { databaseUrl, LOG_LEVEL: parsed.data.LOG_LEVEL };
}
