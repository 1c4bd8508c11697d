import { z } from 'zod';
import { declaredEndpoints, isReadOnly, pathParameters, type DeclaredEndpoint } from '../../back-office/catalogue.js';
import { pathOf, REFERENCE_LISTS, session, type Endpoint } from '../../back-office/index.js';
import { jsonSchemaOf } from '../../server/src/capabilities/contract/back-office-openapi.js';
import { driftOf, type Drift } from './drift.js';

export interface CheckOptions {
  /** The back office's origin: `https://backoffice.example`. */
  url: string;
  basePath: string;
  clientId: string;
  clientSecret: string;
  partnerId: number;
  /** The partner's domain, for `parceiros/configuracao` (left out when absent). */
  domain?: string;
  /** The test account: CPF or CNPJ (any punctuation) and its password. */
  document: string;
  password: string;
  appVersion: string;
}

/** What one call did. */
export interface CallResult {
  name: string;
  method: string;
  /** The concrete path called (quota ids in it), or the declared one when it was not reached. */
  path: string;
  query?: Record<string, string>;
  idCota?: number;
  /** `sem dados`: a 4xx with the contract's error message (no process, nothing to refund): the answer this account has. */
  outcome: 'ok' | 'drift' | 'sem dados' | 'falhou' | 'não alcançada';
  httpStatus?: number;
  drift: Drift[];
  /** Why it failed or was not reached. */
  reason?: string;
  /** The answer received (kept for --record; never printed). */
  answer?: unknown;
}

export interface CheckReport {
  origin: string;
  results: CallResult[];
  /** Any drift or failure: the command's exit status is then non-zero. */
  failed: boolean;
}

type Fetch = typeof fetch;

interface Context {
  partnerId: number;
  domain?: string;
  customerDocument?: string;
  idCota?: number;
  answers: Map<string, unknown>;
}

type Resolver = (ctx: Context, e: Endpoint) => Array<string | number> | undefined;

const one = (v: string | number | undefined) => (v === undefined ? undefined : [v]);
const names = (e: Endpoint) => e.path.split('/')[0];
const quotaPaths = (e: Endpoint) => ['cotas', 'cota', 'core'].includes(names(e)!);
/** `core/…` calls act on the chosen quota (its token says which) even when they do not name it. */
const coreCall = (e: Endpoint) => names(e) === 'core';

/** Where each path parameter's value comes from: the chosen quota, the partner, an earlier answer. */
const PATH_PARAMS: Record<string, Resolver> = {
  id: (ctx, e) => (names(e) === 'usuarios' ? one(ctx.customerDocument) : names(e) === 'parceiros' ? one(ctx.partnerId) : quotaPaths(e) ? one(ctx.idCota) : undefined),
  idCota: (ctx) => one(ctx.idCota),
  partner: (ctx) => one(ctx.partnerId),
  lista: () => [...REFERENCE_LISTS],
  x: () => [1],
  zipcode: (ctx) => one((ctx.answers.get('registration.get') as { enderecos?: Array<{ cep?: string }> } | undefined)?.enderecos?.[0]?.cep?.replace(/\D/g, '')),
  n: (ctx) => {
    const held = (ctx.answers.get('assemblies.calendar') as { assembleias?: Array<{ numero: number; realizada?: boolean }> } | undefined)?.assembleias ?? [];
    return one(held.filter((a) => a.realizada).at(-1)?.numero);
  },
};

/** Query values that do not come from a field's type. */
const QUERY_PARAMS: Record<string, (ctx: Context) => string | number | undefined> = {
  idCota: (ctx) => ctx.idCota,
  id_cota: (ctx) => ctx.idCota,
  partner_id: (ctx) => ctx.partnerId,
  page: () => 1,
  page_size: () => 50,
  limit: () => 10,
  domain: (ctx) => ctx.domain,
  estado: (ctx) => (ctx.answers.get('registration.get') as { enderecos?: Array<{ uf?: string }> } | undefined)?.enderecos?.[0]?.uf,
};

/** Whether a call is about one quota (called once per quota, with that quota's token). */
export function namesQuota(e: Endpoint): boolean {
  const params = pathParameters(e);
  if (params.includes('idCota') || (params.includes('id') && quotaPaths(e)) || coreCall(e)) return true;
  const query = e.query ? (jsonSchemaOf(e.query) as { required?: string[] }).required ?? [] : [];
  return query.includes('idCota') || query.includes('id_cota');
}

/** The query of a call, or the names of the required fields nothing could fill. */
function queryOf(e: Endpoint, ctx: Context): { query: Record<string, string> } | { missing: string[] } {
  if (!e.query) return { query: {} };
  const schema = jsonSchemaOf(e.query) as { properties?: Record<string, { enum?: unknown[] }>; required?: string[] };
  const query: Record<string, string> = {};
  const missing: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const value = QUERY_PARAMS[name]?.(ctx) ?? (field.enum ? (name === 'SN_UnificaParcelasOutrasCota' ? 'N' : field.enum[0]) : undefined);
    if (value !== undefined) query[name] = String(value);
    else if (schema.required?.includes(name)) missing.push(name);
  }
  return missing.length ? { missing } : { query };
}

/** Every concrete call of an endpoint (a reference list per list name), or why none can be made. */
function callsOf(e: Endpoint, ctx: Context): Array<{ path: string; query: Record<string, string> }> | { missing: string[] } {
  const q = queryOf(e, ctx);
  const missing = 'missing' in q ? [...q.missing] : [];
  let params: Array<Record<string, string | number>> = [{}];
  for (const p of pathParameters(e)) {
    const values = PATH_PARAMS[p]?.(ctx, e);
    if (!values?.length) {
      missing.push(`{${p}}`);
      continue;
    }
    params = params.flatMap((set) => values.map((v) => ({ ...set, [p]: v })));
  }
  if (missing.length || 'missing' in q) return { missing };
  return params.map((set) => ({ path: pathOf(e, set), query: q.query }));
}

class BackOffice {
  constructor(
    private readonly options: CheckOptions,
    private readonly fetchFn: Fetch,
  ) {}

  private headers(token?: string): Record<string, string> {
    return { client_id: this.options.clientId, platform: 'web', app_version: this.options.appVersion, accept: 'application/json', ...(token ? { access_token: token } : {}) };
  }

  async send(method: string, path: string, init: { token?: string; query?: Record<string, string>; json?: unknown; form?: Record<string, string>; basic?: boolean }): Promise<{ status: number; body: unknown; text: string }> {
    const qs = new URLSearchParams(init.query ?? {}).toString();
    const headers = this.headers(init.token);
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.basic) headers.authorization = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    let res: Response;
    try {
      res = await this.fetchFn(`${this.options.url.replace(/\/$/, '')}${this.options.basePath}/${path}${qs ? `?${qs}` : ''}`, { method, headers, ...(body === undefined ? {} : { body }), signal: AbortSignal.timeout(20_000) });
    } catch (err) {
      return { status: 0, body: { message: `sem resposta: ${(err as Error).message}` }, text: '' };
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text, reported as such
    }
    return { status: res.status, body: parsed, text };
  }
}

function judge(name: string, e: Endpoint, path: string, answer: { status: number; body: unknown; text: string }, extra: Partial<CallResult> = {}): CallResult {
  const base = { name, method: e.method, path, ...extra, httpStatus: answer.status };
  if (answer.status < 200 || answer.status >= 300) {
    const body = answer.body as { message?: unknown; detail?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : typeof body?.detail === 'string' ? body.detail : undefined;
    const reason = `HTTP ${answer.status}${message ? `: ${message.slice(0, 120)}` : ''}`;
    if (answer.status === 0 || answer.status === 401 || answer.status === 403 || answer.status >= 500) return { ...base, outcome: 'falhou', drift: [], reason };
    // A refusal is an answer of the contract when it says why (doc 1 §7: 400/404 carry message or detail).
    if (message) return { ...base, outcome: 'sem dados', drift: [], reason };
    return { ...base, outcome: 'drift', drift: [{ kind: 'campo ausente', path: 'message', detail: `a recusa HTTP ${answer.status} não diz o motivo (message ou detail)` }], reason };
  }
  if (typeof answer.body === 'string' && answer.text) return { ...base, outcome: 'falhou', drift: [], reason: 'a resposta não é JSON', answer: undefined };
  const drift = driftOf(e, answer.body);
  return { ...base, outcome: drift.length ? 'drift' : 'ok', drift, answer: answer.body };
}

/**
 * The drift check: logs in with a test account, chooses each of its quotas, calls every read-only
 * call of the contract it can fill the parameters of, and compares each answer with the declared
 * schema. Only GETs that change nothing are called, besides the login and the quota selection
 * (which issue tokens and change no data).
 */
export async function checkUpstream(options: CheckOptions, fetchFn: Fetch = fetch): Promise<CheckReport> {
  const backOffice = new BackOffice(options, fetchFn);
  const results: CallResult[] = [];
  const declared = declaredEndpoints().filter((d) => isReadOnly(d.endpoint));
  const report = (): CheckReport => ({ origin: options.url, results, failed: results.some((r) => r.outcome === 'drift' || r.outcome === 'falhou') });

  const document = options.document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const login = await backOffice.send('POST', 'login', {
    basic: true,
    form: { grant_type: 'password', idParceiro: String(options.partnerId), type: document.length === 11 ? 'cpf' : 'cnpj', username: document, password: options.password },
  });
  const loginResult = judge('session.login', session.login, 'login', login);
  results.push(loginResult);
  const tokens = z.object({ access_token: z.string().min(1), usuario: z.object({ inscricaoNacional: z.string() }).optional() }).safeParse(login.body);
  if (loginResult.outcome === 'falhou' || !tokens.success) {
    if (loginResult.outcome !== 'falhou') results.push({ ...loginResult, outcome: 'falhou', reason: 'o login não deu um access_token: nada mais pode ser chamado' });
    return report();
  }
  const customerToken = tokens.data.access_token;
  const ctx: Context = { partnerId: options.partnerId, domain: options.domain, customerDocument: tokens.data.usuario?.inscricaoNacional ?? document, answers: new Map() };

  const run = async (d: DeclaredEndpoint, token: string, idCota?: number): Promise<DeclaredEndpoint | undefined> => {
    const calls = callsOf(d.endpoint, ctx);
    if (!Array.isArray(calls)) return d;
    for (const call of calls) {
      const answer = await backOffice.send(d.endpoint.method, call.path, { token, query: call.query });
      const result = judge(d.name, d.endpoint, call.path, answer, { ...(Object.keys(call.query).length ? { query: call.query } : {}), ...(idCota === undefined ? {} : { idCota }) });
      results.push(result);
      if (result.answer !== undefined && !ctx.answers.has(d.name)) ctx.answers.set(d.name, result.answer);
    }
    return undefined;
  };
  /** Runs the calls in order, then once more those that waited for an earlier answer's value; returns those still waiting. */
  const runAll = async (list: DeclaredEndpoint[], token: string, idCota?: number): Promise<DeclaredEndpoint[]> => {
    const waiting: DeclaredEndpoint[] = [];
    for (const d of list) {
      const left = await run(d, token, idCota);
      if (left) waiting.push(left);
    }
    const still: DeclaredEndpoint[] = [];
    for (const d of waiting) {
      const left = await run(d, token, idCota);
      if (left) still.push(left);
    }
    return still;
  };
  const unreached = (left: DeclaredEndpoint[], idCota?: number) => {
    for (const d of left) {
      const calls = callsOf(d.endpoint, ctx);
      results.push({ name: d.name, method: d.endpoint.method, path: d.endpoint.path, ...(idCota === undefined ? {} : { idCota }), outcome: 'não alcançada', drift: [], reason: `sem valor para ${'missing' in calls ? calls.missing.join(', ') : '?'}` });
    }
  };

  let customerLeft = await runAll(declared.filter((d) => !namesQuota(d.endpoint) && d.endpoint !== session.selectedQuota), customerToken);

  const quotaList = ctx.answers.get('quotas.list') as { data?: Array<{ idCota: number }> } | undefined;
  for (const { idCota } of quotaList?.data ?? []) {
    ctx.idCota = idCota;
    ctx.answers = new Map([...ctx.answers].filter(([name]) => !namesQuota(declared.find((d) => d.name === name)!.endpoint)));
    const selected = await backOffice.send('POST', 'login/selecionar-cota', { token: customerToken, json: { idCota } });
    const selection = judge('session.selectQuota', session.selectQuota, 'login/selecionar-cota', selected, { idCota });
    results.push(selection);
    const quotaToken = (selected.body as { accessToken?: unknown } | undefined)?.accessToken;
    if (typeof quotaToken !== 'string') continue;
    const selectedQuota = declared.find((d) => d.endpoint === session.selectedQuota);
    unreached(await runAll([...(selectedQuota ? [selectedQuota] : []), ...declared.filter((d) => namesQuota(d.endpoint))], quotaToken, idCota), idCota);
    // Customer calls that need a value only a quota's answers hold (the CEP of the registration).
    if (customerLeft.length) customerLeft = await runAll(customerLeft, customerToken);
  }
  ctx.idCota = undefined;
  unreached(customerLeft);
  return report();
}

/** The report as the command prints it: one line per call, then each drift with its path. */
export function formatReport(report: CheckReport): string {
  const lines = [`Back office: ${report.origin}`, ''];
  const count = (o: CallResult['outcome']) => report.results.filter((r) => r.outcome === o).length;
  for (const r of report.results) {
    const where = `${r.method} ${r.path}${r.query && Object.keys(r.query).length ? `?${new URLSearchParams(r.query).toString()}` : ''}`;
    lines.push(`${r.outcome.toUpperCase().padEnd(14)} ${r.name.padEnd(36)} ${where}${r.reason ? ` — ${r.reason}` : ''}`);
    for (const d of r.drift) lines.push(`${''.padEnd(15)}${d.kind}: ${d.path} (${d.detail})`);
  }
  lines.push('', `Responderam conforme o contrato: ${count('ok')} · sem dados para esta conta: ${count('sem dados')} · com drift: ${count('drift')} · falharam: ${count('falhou')} · não alcançadas: ${count('não alcançada')}`);
  lines.push(report.failed ? 'RESULTADO: o back office difere do contrato (veja docs/go-live.md).' : 'RESULTADO: nenhuma diferença nas chamadas alcançadas.');
  return lines.join('\n');
}
