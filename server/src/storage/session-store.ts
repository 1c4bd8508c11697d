import { randomBytes } from 'node:crypto';
import type { Database } from './database.js';
import { SessionCache } from './session-cache.js';

/** Upstream tokens of one login (customer) or one quota selection. Never leaves the server. */
export interface UpstreamTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the upstream says the access token expires. */
  expiresAt: number;
  /** Epoch ms at which they were received (absent on sessions stored before it was kept). */
  issuedAt?: number | undefined;
}

export interface Customer {
  nome: string;
  inscricaoNacional: string;
  tipoPessoa: 'F' | 'J';
  senhaExpirada: boolean;
  atualizacaoCadastralObrigatoria: boolean;
  requerMfa: boolean;
  /** YYYY-MM-DD when the upstream sends it (refuses it as a new password). */
  dataNascimento?: string | undefined;
  email?: string | undefined;
  celular?: string | undefined;
}

export interface SelectedQuota {
  idCota: number;
  grupo: string;
  cota: string;
  versao: string;
  tokens: UpstreamTokens;
}

export interface MfaState {
  pending: boolean;
  /** Masked destinations the customer can choose from. */
  destinations: { sms?: string | undefined; email?: string | undefined };
  channel?: 'sms' | 'email' | undefined;
  /** When the last code was sent (epoch ms): resend after 40 s. */
  sentAt?: number | undefined;
  /** Channels the customer confirmed (CPF/CNPJ for SMS, full e-mail for e-mail) before a code is sent. */
  confirmed?: Array<'sms' | 'email'> | undefined;
  /** The blocked account this login lifts once the code is checked. */
  unblockAccount?: string | undefined;
}

/** A registration change waiting for its SMS token (the back office is changed only after it). */
export type AddressChange = (
  | { kind: 'endereco'; data: { tipo: number; cep: string; logradouro: string; numero: string; complemento: string; bairro: string; cidade: string; uf: string } }
  | { kind: 'contato'; data: { email?: string | undefined; ddd: string; numero: string; tipo: number } }
  | { kind: 'renda'; data: { valorRenda?: number | undefined; profissao: number; estadoCivil: number; regimeCasamento?: number | undefined; tipoAcessibilidade: number } }
) & { sentAt?: number | undefined; tries: number };

/** The offer wizard's answers so far, for one quota. */
export interface BidDraft {
  idCota: number;
  modalidade?: string;
  tipoOferta?: string;
  valorOferta?: number;
  valorLanceEmbutido?: number;
  valorFGTS?: number;
  /** What the FGTS is for (FGTS_PURPOSES), asked with the FGTS value. */
  finalidadeFGTS?: string | undefined;
  trocaChaves?: boolean;
  tipoAmortizacao?: 'PRAZO' | 'PARCELA';
  lanceLivreAuto?: boolean;
  protocolo?: string | undefined;
}

export interface SessionData {
  partnerId: number;
  customer: Customer;
  tokens: UpstreamTokens;
  quota?: SelectedQuota | undefined;
  /** Ids of the customer's quotas, learnt from the upstream: quota-scoped requests are checked against them. */
  quotaIds?: number[] | undefined;
  /** A mandatory registration update is pending (CRM cases, doc 2 §4.2). */
  mandatoryUpdate?: boolean | undefined;
  /** The document analysis the customer started from the profile (antifraude), while it runs. */
  identityCheckId?: string | null | undefined;
  /** A partner agent acting for the customer: sees registration data, cannot change it. */
  agent?: string | undefined;
  /** Logged in through a transparent-login token: only routes flagged for it open. */
  transparent?: boolean | undefined;
  bidDraft?: BidDraft | undefined;
  /** Quota transfer between its screens: the assignee typed, then the protocol or the refusal. */
  transferDraft?: { idCota: number; cessionario: string; protocolo?: string | undefined; taxa?: number | undefined; erro?: string | undefined } | undefined;
  /** The late instalments chosen for a renegotiation, until it is confirmed (the confirmation's draft). */
  renegotiationDraft?: { parcelas: string[] } | undefined;
  /** Post-sale: a registration change waiting for its SMS code. */
  postSaleChange?: { idCota: number; email?: string | undefined; ddd?: string | undefined; numero?: string | undefined; renda?: number | undefined } | null | undefined;
  pendingChange?: AddressChange | null | undefined;
  /** Used-vehicle inspection between its screens: the terms accepted, the technical inspection's address. */
  usedInspection?: { idCota: number; termos?: 'digital' | 'tecnica' | undefined; endereco?: { cep: string; logradouro: string; numero: string; complemento: string; bairro: string; cidade: string; estado: string } | undefined } | null | undefined;
  /** One-time code still owed after a REQUER_MFA login: nothing protected opens until it is checked. */
  mfa?: MfaState | null | undefined;
  /** Between the two password-change screens: the current password, for at most 5 minutes. */
  passwordChange?: { current: string; until: number } | null | undefined;
  /** Absolute deadline (epoch ms), fixed at login. */
  absoluteExpiresAt: number;
}

export interface Session {
  id: string;
  data: SessionData;
  lastSeenAt: number;
}

/** Sessions the embedded database's store keeps in the process (≈ 1–2 KB of JSON each: a few MB at most). */
export const SESSION_CACHE_CAPACITY = 2_000;

/** At least 128 random bits; we use 256. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Sessions live server-side; the cookie carries only the opaque id. Expiry is the earlier of
 * the idle deadline (slides with use) and the absolute deadline (fixed at login).
 */
export class SessionStore {
  /** Sessions read lately, for the embedded database only (session-cache.ts says why that is safe). */
  private readonly cache: SessionCache | null;

  constructor(
    private readonly db: Database,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.cache = db.kind === 'pglite' ? new SessionCache(SESSION_CACHE_CAPACITY) : null;
  }

  async create(data: SessionData): Promise<Session> {
    const id = newSessionId();
    const now = this.now();
    await this.db.query('INSERT INTO sessions (id, data, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [
      id,
      JSON.stringify(data),
      new Date(now),
      new Date(this.expiry(data, now)),
    ]);
    return { id, data, lastSeenAt: now };
  }

  /** The live session, or null (unknown, idle or past its absolute deadline; expired rows are deleted). */
  async get(id: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const cached = this.cache?.read(id);
    if (cached) {
      if (cached.expiresAt > this.now()) return { id, data: JSON.parse(cached.json) as SessionData, lastSeenAt: cached.lastSeenAt };
      await this.destroy(id);
      return null;
    }
    const mark = this.cache?.mark() ?? 0;
    const rows = await this.db.query<{ data: SessionData | string; last_seen_at: Date | string; expires_at: Date | string }>(
      'SELECT data, last_seen_at, expires_at FROM sessions WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    if (new Date(row.expires_at).getTime() <= this.now()) {
      await this.destroy(id);
      return null;
    }
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as SessionData) : row.data;
    const lastSeenAt = new Date(row.last_seen_at).getTime();
    this.cache?.remember(id, { json: typeof row.data === 'string' ? row.data : JSON.stringify(row.data), lastSeenAt, expiresAt: new Date(row.expires_at).getTime() }, mark);
    return { id, data, lastSeenAt };
  }

  async save(session: Session): Promise<void> {
    const now = this.now();
    session.lastSeenAt = now;
    this.cache?.writing(session.id);
    await this.db.query('UPDATE sessions SET data = $2, last_seen_at = $3, expires_at = $4 WHERE id = $1', [
      session.id,
      JSON.stringify(session.data),
      new Date(now),
      new Date(this.expiry(session.data, now)),
    ]);
  }

  /**
   * Sets a few top-level fields without rewriting the rest: a request holding an older copy of
   * the session (e.g. from before a concurrent token refresh) must not write old tokens back.
   */
  async patch(session: Session, fields: Partial<SessionData>): Promise<void> {
    Object.assign(session.data, fields);
    this.cache?.writing(session.id);
    await this.db.query('UPDATE sessions SET data = data || $2::jsonb WHERE id = $1', [session.id, JSON.stringify(fields)]);
  }

  /** Slides the idle deadline; written at most once a minute to keep reads cheap. */
  async touch(session: Session): Promise<void> {
    const now = this.now();
    if (now - session.lastSeenAt < 60_000) return;
    session.lastSeenAt = now;
    this.cache?.writing(session.id);
    await this.db.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1', [
      session.id,
      new Date(now),
      new Date(this.expiry(session.data, now)),
    ]);
  }

  /**
   * Runs `fn` while holding a lock named `key` across every instance sharing the database
   * (a PostgreSQL advisory lock on its own connection; PGlite has one process by nature). `fn`
   * gets the store on that same connection: it must read and write through it, since a lock
   * holder that waited for a second connection from the pool would deadlock once as many
   * holders as the pool has connections run at once (a refresh wave).
   */
  async withLock<T>(key: string, fn: (locked: SessionStore) => Promise<T>): Promise<T> {
    if (this.db.kind !== 'postgres') return fn(this);
    return this.db.withConnection(async (connection) => {
      await connection.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      try {
        const onConnection: Database = { kind: this.db.kind, query: (sql, params) => connection.query(sql, params), withConnection: (run) => run(connection), close: async () => undefined };
        return await fn(new SessionStore(onConnection, this.idleMs, this.now));
      } finally {
        await connection.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      }
    });
  }

  async destroy(id: string): Promise<void> {
    this.cache?.writing(id);
    await this.db.query('DELETE FROM sessions WHERE id = $1', [id]);
  }

  async purgeExpired(): Promise<void> {
    this.cache?.forgetExpired(this.now());
    await this.db.query('DELETE FROM sessions WHERE expires_at <= $1', [new Date(this.now())]);
  }

  private expiry(data: SessionData, now: number): number {
    return Math.min(now + this.idleMs, data.absoluteExpiresAt);
  }
}
