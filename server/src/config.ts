import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, validated once at start-up. Nothing else reads process.env. */
export const ConfigSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPSTREAM_URL: z.url({ protocol: /^https?$/, message: 'UPSTREAM_URL deve ser uma URL http(s), ex.: http://127.0.0.1:4010' }),
  UPSTREAM_BASE_PATH: z.string().startsWith('/').default('/app-cliente/v1'),
  UPSTREAM_CLIENT_ID: z.string().min(1).default('app-cliente-web'),
  UPSTREAM_CLIENT_SECRET: z.string().min(1).default('sandbox-secret'),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres:// ou postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('data/pglite'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL deve começar com redis:// ou rediss://').optional(),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET precisa de pelo menos 32 caracteres').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** Host name that local hosts (localhost, 127.0.0.1) are resolved as when loading the partner. */
  DEV_PARTNER_DOMAIN: z.string().min(1).default('localhost'),
  PARTNER_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  RENDERER_DIR: z.string().min(1).default('dist/renderer'),
  /** Operations console staff: `login:senha:viewer|publisher,…`. Sandbox accounts outside production when absent. */
  OPS_USERS: z.string().optional(),
  /** Personas the console previews decisions for (the sandbox's fixture file); absent in production. */
  OPS_PREVIEW_PERSONAS: z.string().optional(),
  /** How often each instance looks for a newly published flow version (ms); 0 turns polling off. */
  FLOWS_POLL_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
  /** Validate every emitted screen against the contract (on by default outside production). */
  VALIDATE_SCREENS: bool.optional(),
  /** Expose GET /api/bench/passthrough/home (the benchmark's floor). Off by default. */
  BENCH_ROUTES: bool.default(false),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Secure cookie with the __Host-Http- prefix outside local development. */
  secureCookies: boolean;
  sessionCookieName: string;
  validateScreens: boolean;
  opsUsers: string;
  opsPreviewPersonas: string | null;
};

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
  if (c.APP_ENV === 'production' && !c.COOKIE_SECRET) {
    throw new ConfigError('Configuração inválida:\n  - COOKIE_SECRET: obrigatório em produção');
  }
  const secureCookies = c.APP_ENV === 'production';
  return {
    ...c,
    secureCookies,
    sessionCookieName: secureCookies ? '__Host-Http-sid' : 'sid',
    validateScreens: c.VALIDATE_SCREENS ?? c.APP_ENV !== 'production',
    opsUsers: c.OPS_USERS ?? (c.APP_ENV === 'production' ? '' : SANDBOX_STAFF),
    opsPreviewPersonas: c.OPS_PREVIEW_PERSONAS ?? (c.APP_ENV === 'production' ? null : 'sandbox/fixtures/personas.json'),
  };
}

/** Console accounts of a machine without OPS_USERS (never in production). */
export const SANDBOX_STAFF = 'operacao:operacao-sandbox:publisher,consulta:consulta-sandbox:viewer';
