import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../clock.js';
import { loadPersonas, type PartnerFixture, type PersonaFixture } from '../personas.js';
import { BillingBook } from './billing.js';
import { PORTFOLIO, type CustomerSeed, type QuotaRecord, type QuotaSeed } from './portfolio.js';
import { ContentState } from './content.js';
import { AssistantState } from './assistant.js';
import { SpecialFlowsState } from './special-flows.js';
import { VehicleReference } from './vehicle.js';
import { EXTRA_PERSONAS, EXTRA_PORTFOLIO } from './vehicle-personas.js';

export interface Customer extends Omit<CustomerSeed, 'quotas'> {
  key: string;
  document: string;
  password: string;
  partnerId: number;
  tipoPessoa: 'F' | 'J';
}

/** A seeded quota as the store keeps it (declared beside its seed). */
export type { QuotaRecord } from './portfolio.js';

export interface TokenGrant {
  customer: string;
  /** Set on tokens issued by login/selecionar-cota. */
  idCota?: number;
  expiresAt: number;
  family: string;
}

export interface MaintenanceWarning {
  startDate: string;
  startHour: string;
  endDate: string;
  endHour: string;
  active: boolean;
  text: string;
}

export interface AppVersion {
  /** The highest id of a platform is its current version. */
  id: number;
  platform: string;
  version: string;
  mandatory: boolean;
}

/** Everything the back office knows. Built from the fixtures; lives as long as the process (or until reset). */
export class SandboxState {
  readonly partners = new Map<number, PartnerFixture>();
  readonly customers = new Map<string, Customer>();
  readonly quotas = new Map<number, QuotaRecord>();
  readonly accessTokens = new Map<string, TokenGrant>();
  /**
   * refresh token → grant; `used` marks a rotated token whose reuse revokes its family (unless
   * within the reuse grace, when `rotation` is answered again).
   */
  readonly refreshTokens = new Map<string, TokenGrant & { used: boolean; usedAt?: number; rotation?: { access_token: string; refresh_token: string; expires_in: number } }>();
  readonly revokedFamilies = new Set<string>();
  /** Refresh tokens used again: answered with their rotation within the grace, or their family revoked. */
  readonly refreshReuse = { replayed: 0, revoked: 0 };
  readonly warnings = new Map<number, MaintenanceWarning[]>();
  versions: AppVersion[] = [];
  billing: BillingBook;
  /** Files uploaded through arquivos/v2, by id. */
  readonly files = new Map<string, { type: string; data: Buffer; owner: string; category: string; descricao?: string }>();
  /** FAQ feedback, notifications read, preferences (state/content.ts). */
  readonly content = new ContentState();
  /** The assistant's conversations and answers (state/assistant.ts). */
  readonly assistant = new AssistantState();
  /** Quota transfer, insurance, post-sale answers and call-backs (state/special-flows.ts). */
  readonly specialFlows = new SpecialFlowsState();
  /** Vehicle billing's brands, models and registered dealerships (state/vehicle.ts). */
  vehicle = new VehicleReference();
  /** The next CRM case opened through salesforce/casos gets 00050000 + this. */
  nextCaseNumber = 1;
  /** Records route modules keep for themselves (state.local), by name; reset drops them all. */
  private readonly locals = new Map<string, unknown>();

  constructor(
    readonly clock: SandboxClock,
    readonly tokenTtlSeconds: number,
  ) {
    this.billing = new BillingBook(clock);
    this.seed();
  }

  reset(): void {
    for (const map of [this.partners, this.customers, this.quotas, this.accessTokens, this.refreshTokens, this.warnings]) map.clear();
    this.revokedFamilies.clear();
    this.refreshReuse.replayed = 0;
    this.refreshReuse.revoked = 0;
    this.files.clear();
    this.billing = new BillingBook(this.clock);
    this.content.reset();
    this.assistant.reset();
    this.specialFlows.reset();
    this.vehicle = new VehicleReference();
    this.nextCaseNumber = 1;
    this.locals.clear();
    this.seed();
  }

  /**
   * The records a route module keeps for itself (the bid book, one-time codes, identity checks…),
   * made by `init` on first use after start or reset: a module never holds records in its own
   * closure, so reset brings every one of them back to its seed.
   */
  local<T>(name: string, init: () => T): T {
    if (!this.locals.has(name)) this.locals.set(name, init());
    return this.locals.get(name) as T;
  }

  private seed(): void {
    const file = loadPersonas();
    for (const partner of file.partners) {
      this.partners.set(partner.id, partner);
      this.warnings.set(partner.id, []);
    }
    let nextId = 1001;
    // Sandbox-only personas (state/vehicle-personas.ts) after the shared fixture's.
    for (const persona of [...file.personas, ...EXTRA_PERSONAS]) {
      const seed = PORTFOLIO[persona.key] ?? EXTRA_PORTFOLIO[persona.key];
      if (!seed) throw new Error(`persona ${persona.key} has no portfolio in sandbox/src/state/portfolio.ts`);
      const { quotas, ...profile } = seed;
      const customer = customerFrom(persona, profile);
      this.customers.set(persona.key, customer);
      for (const quota of quotas) {
        const idCota = nextId++;
        const record: QuotaRecord = { ...structuredClone(quota), idCota, owner: persona.key, partnerId: persona.partner, apelido: null, fotoUrl: null };
        this.quotas.set(idCota, record);
        this.billing.seedQuota(record);
      }
      // A customer with one quota: its cases are about that quota (IdExternoCota).
      if (quotas.length === 1) for (const c of customer.casos ?? []) c.idExternoCota ??= String(nextId - 1);
    }
    this.versions = [
      { id: 1, platform: 'web', version: '1.70.00', mandatory: false },
      { id: 2, platform: 'android', version: '1.70.00', mandatory: false },
      { id: 3, platform: 'ios', version: '1.70.00', mandatory: false },
    ];
  }

  quotasOf(customer: string): QuotaRecord[] {
    return [...this.quotas.values()].filter((q) => q.owner === customer);
  }

  findCustomerByDocument(document: string): Customer | undefined {
    const wanted = normalizeDocument(document);
    return [...this.customers.values()].find((c) => c.document === wanted);
  }

  findQuotaByKey(grupo: string, cota: string, versao: string): QuotaRecord | undefined {
    const key = (g: string, c: string, v: string) => `${g.padStart(6, '0')}-${c.padStart(4, '0')}-${v.padStart(2, '0')}`;
    const wanted = key(grupo, cota, versao);
    return [...this.quotas.values()].find((q) => key(q.grupo, q.cota, q.versao) === wanted);
  }

  /** A new access + refresh token pair. A new family on login; the same family on refresh. */
  issueTokens(customer: string, idCota?: number, family = newToken()): { access_token: string; refresh_token: string; expires_in: number } {
    const expiresAt = this.clock.now() + this.tokenTtlSeconds * 1000;
    const grant: TokenGrant = idCota === undefined ? { customer, expiresAt, family } : { customer, idCota, expiresAt, family };
    const access = newToken();
    const refresh = newToken();
    this.accessTokens.set(access, grant);
    this.refreshTokens.set(refresh, { ...grant, used: false });
    return { access_token: access, refresh_token: refresh, expires_in: this.tokenTtlSeconds };
  }
}

function customerFrom(persona: PersonaFixture, profile: Omit<CustomerSeed, 'quotas'>): Customer {
  const document = normalizeDocument(persona.document);
  // A deep copy: the back office changes its records (cases, passwords); the seed never changes.
  return { ...structuredClone(profile), key: persona.key, document, password: persona.password, partnerId: persona.partner, tipoPessoa: document.length > 11 ? 'J' : 'F' };
}

/** Digits and letters only, upper case (CNPJ may be alphanumeric). */
export function normalizeDocument(document: string): string {
  return document.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}
