import { z } from 'zod';

/**
 * One call of the back office's `/app-cliente/v1` contract, written once: the server validates
 * what it receives with `answer`, the sandbox answers through the same schema (and refuses to send
 * anything else), so neither side declares the shapes on its own.
 */
export interface Endpoint<Answer extends z.ZodType = z.ZodType, Body extends z.ZodType = z.ZodType, Query extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the base path, `{name}` for a path parameter: `cotas/{idCota}/bancos/consultar`. */
  path: string;
  /** Route group (breakers, metrics, logs): the spec's family, e.g. `core/faturamento-credito`. */
  group: string;
  /** The 2xx answer body, by the spec's field names. */
  answer: Answer;
  /** The JSON request body, when the call sends one. */
  body?: Body;
  /** The query string, when the call has one. */
  query?: Query;
  /**
   * A multipart/form-data request whose parts each carry JSON (e.g. `embraassist/ia`): part name →
   * the JSON value it holds; an optional part left undefined is not sent.
   */
  parts?: z.ZodType;
  /** A multipart/form-data upload: its plain text fields (besides the one file), e.g. `arquivos/v2`. */
  fields?: z.ZodType;
  /**
   * A GET the spec makes change something (start a process, confirm data): read-only tools such as
   * the drift check never call it.
   */
  changesData?: true;
  /**
   * The customer's access token on this call: `required` (the default) — refused without it;
   * `none` — served without a customer's token (login, partner configuration, password recovery,
   * code checks: spec doc 1 §7), and none is sent; `optional` — served without one, but a logged-in
   * customer's token goes with it (the assistant answers about the customer's quota). The server's
   * client and the sandbox both read it: neither keeps a list of its own.
   */
  customerToken?: CustomerToken;
  /**
   * Whether the answer may be kept and served again without asking (a read only): for whom, for
   * how long, and from when a kept answer is refreshed in the background while it is still served
   * (stale-while-revalidate). docs/back-office-cache.md says how the server keeps them.
   */
  keep?: Keep;
  /**
   * What kept answers a successful call of this one makes stale, for the same owner (a nickname
   * changes the quota list): they are forgotten at once, so the customer sees their own change.
   */
  invalidates?: () => readonly Endpoint[];
}

/**
 * A kept answer's sharing and life. `for`: `everyone` — the same answer for every caller with the
 * same parameters (the back office's clock, the branches of a city); `partner` — the same for
 * every customer of one partner (its warnings, its FAQ); `customer` — one customer's, within their
 * session (the quota list). `seconds`: how long it may be served at most;
 * `refreshAfterSeconds` (half of it unless said): from then on it is served while one call
 * refreshes it.
 */
export interface Keep {
  for: 'customer' | 'partner' | 'everyone';
  seconds: number;
  refreshAfterSeconds?: number;
}

export type CustomerToken = 'required' | 'none' | 'optional';

/** What an endpoint declares of the customer's token (`required` when it says nothing). */
export function customerTokenOf(e: Pick<Endpoint, 'customerToken'>): CustomerToken {
  return e.customerToken ?? 'required';
}

export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type PartsOf<E extends Endpoint> = E['parts'] extends z.ZodType ? z.input<E['parts']> : never;

/** Declares an endpoint; the group defaults to the first two segments of the path. */
export function endpoint<A extends z.ZodType, B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(def: Omit<Endpoint<A, B, Q>, 'group'> & { group?: string }): Endpoint<A, B, Q> {
  if (def.keep) checkKeep(def.method, def.path, def.keep, def.changesData);
  return { ...def, group: def.group ?? def.path.split('/').slice(0, 2).filter((s) => !s.startsWith('{')).join('/') };
}

/** A keep on anything but a read, or a refresh no earlier than the end of the life, is a programming error. */
function checkKeep(method: Endpoint['method'], path: string, keep: Keep, changesData: true | undefined): void {
  if (method !== 'GET' || changesData) throw new Error(`${method} ${path}: only a read may be kept`);
  if (!(keep.seconds > 0) || (keep.refreshAfterSeconds !== undefined && !(keep.refreshAfterSeconds > 0 && keep.refreshAfterSeconds < keep.seconds))) {
    throw new Error(`${path}: a keep lasts more than 0 seconds and is refreshed before it ends`);
  }
}

/** When a kept answer starts being refreshed, in seconds after it was read (half its life unless declared). */
export function refreshAfterOf(keep: Keep): number {
  return keep.refreshAfterSeconds ?? keep.seconds / 2;
}

/** The concrete path: every `{name}` replaced by its encoded value; a missing parameter is a programming error. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return e.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${e.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The Fastify route of an endpoint's path (`cotas/{id}` → `/cotas/:id`), for the sandbox. */
export function routeOf(e: Pick<Endpoint, 'path'>): string {
  return `/${e.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** Where an answer breaks the contract: the first failing field, never the data. */
export function violationOf(e: Endpoint, data: unknown): { ok: true; data: unknown } | { ok: false; field: string; problem: string } {
  const parsed = e.answer.safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, field: issue?.path.join('.') || '(corpo)', problem: issue?.code ?? 'invalid' };
}
