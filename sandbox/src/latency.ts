import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { declaredEndpoints, endpointOfCall, type DeclaredEndpoint } from '../../back-office/catalogue.js';
import type { Endpoint } from '../../back-office/endpoint.js';
import { contractPath } from './http.js';

/**
 * A latency profile (SANDBOX_LATENCY=none|realistic|<file>): per back-office call, by the
 * contract's endpoint name (`session.login`, `slips.secondCopy`: back-office/catalogue.ts),
 * how long the sandbox waits before answering and how often it fails. The wait follows a
 * distribution given by three percentiles (p50, p95, p99, in milliseconds); the failures answer
 * what the sandbox answers for an injected fault (503, `SIMULATED_FAILURE`). The control routes
 * (/__sandbox) are never delayed. docs/performance.md, "The sandbox's latency profile".
 */
export const LatencyDistribution = z
  .object({
    p50: z.number().min(0).max(60_000),
    p95: z.number().min(0).max(60_000),
    p99: z.number().min(0).max(60_000),
    /** Share of calls answered with an injected error (0.005 = 0.5 %); an endpoint's entry inherits the default's. */
    errorRate: z.number().min(0).max(1).optional(),
  })
  .strict()
  .refine((d) => d.p50 <= d.p95, { message: 'p95 must be at least p50', path: ['p95'] })
  .refine((d) => d.p95 <= d.p99, { message: 'p99 must be at least p95', path: ['p99'] })
  .refine((d) => d.p50 > 0 || d.p99 === 0, { message: 'p50 must be above 0 when p95 or p99 is', path: ['p50'] });
export type LatencyDistribution = z.infer<typeof LatencyDistribution>;

const NAMES = new Set(declaredEndpoints().map((d) => d.name));

export const LatencyProfile = z
  .object({
    /** What the file says it stands for (free text, not used). */
    description: z.string().optional(),
    /** Every call not named under `endpoints`; absent: answered at once, without errors. */
    default: LatencyDistribution.optional(),
    /** By the contract's endpoint name. */
    endpoints: z
      .record(z.string(), LatencyDistribution)
      .default({})
      .superRefine((entries, ctx) => {
        for (const name of Object.keys(entries)) {
          if (!NAMES.has(name)) ctx.addIssue({ code: 'custom', path: [name], message: `no endpoint of the contract is named '${name}' (names as in back-office, e.g. session.login, slips.secondCopy)` });
        }
      }),
  })
  .strict();
export type LatencyProfile = z.input<typeof LatencyProfile>;

/** No wait, no error: `npm start`'s default. */
export const NO_LATENCY: LatencyProfile = { description: 'none: every call answered at once' };

/**
 * `realistic`: an assumption, not a measurement, for a CRM plus a core system behind an API
 * gateway, reached from the app's data centre (docs/performance.md says what it rests on).
 */
export const REALISTIC_LATENCY: LatencyProfile = {
  description: 'realistic: API gateway + Salesforce-like CRM + mainframe-backed core system (an assumption; docs/performance.md)',
  default: { p50: 120, p95: 400, p99: 900, errorRate: 0.005 },
  endpoints: {
    // Token issued by the identity provider behind the gateway, password checked, customer read.
    'session.login': { p50: 250, p95: 700, p99: 1500 },
    'session.refresh': { p50: 250, p95: 600, p99: 1200 },
    'session.transparent': { p50: 250, p95: 700, p99: 1500 },
    // A new token bound to the chosen quota.
    'session.selectQuota': { p50: 250, p95: 600, p99: 1200 },
    // CRM (Salesforce-like) queries and composite writes.
    'crm.cases': { p50: 200, p95: 600, p99: 1500 },
    'crmCases.accountId': { p50: 200, p95: 600, p99: 1500 },
    'crmCases.create': { p50: 300, p95: 900, p99: 2000 },
    'crmCases.update': { p50: 300, p95: 900, p99: 2000 },
  },
};

/**
 * The profile SANDBOX_LATENCY names: `none` (or unset), `realistic`, or the path of a JSON file in
 * the shape of `LatencyProfile`, refused with the file and the field when it is not.
 */
export function loadLatencyProfile(value: string | undefined): LatencyProfile {
  if (!value || value === 'none') return NO_LATENCY;
  if (value === 'realistic') return REALISTIC_LATENCY;
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch (err) {
    throw new Error(`SANDBOX_LATENCY: cannot read the profile file ${value} (${(err as Error).message}); use none, realistic or the path of a JSON file`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`SANDBOX_LATENCY file ${value}: not JSON (${(err as Error).message})`);
  }
  return checkedProfile(json, `SANDBOX_LATENCY file ${value}`);
}

/** A profile checked against the schema; `source` names it in the error (the file, or the option). */
export function checkedProfile(value: unknown, source = 'latency profile'): z.output<typeof LatencyProfile> {
  const parsed = LatencyProfile.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : '(the whole file)'}: ${i.message}`);
  throw new Error(`${source} is not a latency profile: ${problems.join('; ')}`);
}

/** A seeded generator of uniform draws in [0, 1) (mulberry32): the same seed, the same waits. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The standard normal's quantile function (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

const Z95 = normalQuantile(0.95);
const Z99 = normalQuantile(0.99);
/** Draws are kept within the 0.01 % and 99.99 % quantiles: a log-normal tail has no upper bound. */
const U_MIN = 1e-4;
const U_MAX = 1 - 1e-4;

/**
 * The wait at quantile u of a distribution: piecewise log-normal through the three percentiles —
 * below p95 the log-normal of median p50 through p95, above p95 one through p95 and p99 (a heavier
 * tail when p99 says so). It passes exactly through p50, p95 and p99 and is continuous.
 */
export function latencyAt(d: Pick<LatencyDistribution, 'p50' | 'p95' | 'p99'>, u: number): number {
  if (d.p99 === 0) return 0;
  const z = normalQuantile(Math.min(U_MAX, Math.max(U_MIN, u)));
  if (z <= Z95) return d.p50 * Math.exp((Math.log(d.p95 / d.p50) / Z95) * z);
  return d.p95 * Math.exp((Math.log(d.p99 / d.p95) / (Z99 - Z95)) * (z - Z95));
}

/** One call's fate under a profile: how long to wait, and whether it then fails. */
export interface LatencyDraw {
  delayMs: number;
  fails: boolean;
}

/** Draws waits and failures for the calls of a profile, by endpoint name. */
export class LatencySampler {
  /** The profile, checked (every endpoint named, the default filled in). */
  readonly profile: z.output<typeof LatencyProfile>;
  private readonly random: () => number;

  constructor(profile: LatencyProfile, seed?: number) {
    this.profile = checkedProfile(profile);
    this.random = seed === undefined ? Math.random : seededRandom(seed);
  }

  /** Whether any call waits or fails (a sandbox without a profile adds nothing to a request). */
  get active(): boolean {
    const { default: fallback, endpoints } = this.profile;
    return [fallback, ...Object.values(endpoints)].some((d) => d !== undefined && (d.p99 > 0 || (d.errorRate ?? 0) > 0));
  }

  /** The distribution and error rate a call of `name` follows. */
  distributionOf(name: string | undefined): { p50: number; p95: number; p99: number; errorRate: number } {
    const fallback = this.profile.default ?? { p50: 0, p95: 0, p99: 0 };
    const own = name === undefined ? undefined : this.profile.endpoints[name];
    const d = own ?? fallback;
    return { p50: d.p50, p95: d.p95, p99: d.p99, errorRate: d.errorRate ?? fallback.errorRate ?? 0 };
  }

  draw(name: string | undefined): LatencyDraw {
    const d = this.distributionOf(name);
    const delayMs = d.p99 === 0 ? 0 : latencyAt(d, this.random());
    const fails = d.errorRate > 0 && this.random() < d.errorRate;
    return { delayMs, fails };
  }
}

/**
 * The contract's name of the call a request is: the endpoint its route serves (`serve`), else the
 * declared call its method and path match, else undefined: the profile's default (the PDF downloads
 * and the HEAD checks of files the contract does not declare).
 */
export function endpointNamer(): (request: FastifyRequest) => string | undefined {
  const declared: DeclaredEndpoint[] = declaredEndpoints();
  const byEndpoint = new Map<Endpoint, string>(declared.map((d) => [d.endpoint, d.name]));
  const byRoute = new Map<string, string | undefined>();
  // A HEAD asks what the GET of the same path would answer (the server checks that a file exists).
  const declaredCall = (request: FastifyRequest) => endpointOfCall(request.method === 'HEAD' ? 'GET' : request.method, contractPath(request.url), declared)?.name;
  return (request) => {
    const served = request.routeOptions.config.endpoint;
    if (served) return byEndpoint.get(served);
    const route = request.routeOptions.url;
    // Not found: no route to remember it by (a cache keyed by any path asked for would grow without end).
    if (route === undefined) return declaredCall(request);
    const key = `${request.method} ${route}`;
    if (!byRoute.has(key)) byRoute.set(key, declaredCall(request));
    return byRoute.get(key);
  };
}

/** Waits as the profile draws for a call of `name`; what was drawn (the caller answers the failure). */
export async function waitAsProfiled(sampler: LatencySampler, name: string | undefined): Promise<LatencyDraw> {
  const drawn = sampler.draw(name);
  if (drawn.delayMs > 0) await sleep(drawn.delayMs);
  return drawn;
}
