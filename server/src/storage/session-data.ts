/**
 * What a customer session holds, as the store keeps it and the capabilities read it. The store
 * (session-store.ts) persists it; session-sealing.ts says which of it is secret.
 */

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
  /** When the customer last typed the password again in this session (epoch ms): e-mail, phone and biometric changes need it recent (auth/reauthentication.ts). */
  reauthenticatedAt?: number | undefined;
  /** Where the session was opened: the web, or a native wrapper by its x-client-platform header (written to the row's own column). */
  platform?: SessionPlatform | undefined;
  /** Absolute deadline (epoch ms), fixed at login. */
  absoluteExpiresAt: number;
}

export interface Session {
  id: string;
  data: SessionData;
  lastSeenAt: number;
}

/** Where a session was opened: the web, or the Android or iOS wrapper. */
export type SessionPlatform = 'web' | 'android' | 'ios';

/** A live session of a customer as their sessions screen shows it; never its id, which is the cookie's secret. */
export interface SessionSummary {
  /** A keyed digest of the id: names the session in a page and an action without giving the cookie away. */
  ref: string;
  platform: SessionPlatform;
  createdAt: number;
  lastSeenAt: number;
}
