import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { localNow } from '../../domain/clock.js';
import { isCompanyId } from '../../domain/format.js';
import { effectiveRefundStatus, refundAllowed } from '../../domain/refund.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import type { MoveKey } from '../../security/once.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { serverTime } from '../../upstream/server-time.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { refundUpstream, type RefundData } from './refund-upstream.js';

/** Route prefix of the refund (doc 2 §2.7). */
export const DEVOLUCAO = '/devolucao';
/** Where a refund screen goes for a quota that may not have one (doc 2 §4.6). */
export const NOT_ALLOWED = { redirect: `${DEVOLUCAO}/nao-confirmada` } as const;
/** Back to where the definitions decide. */
export const DECIDE = { redirect: DEVOLUCAO } as const;

export const quotaIdOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;
export const isCompany = (u: CustomerUpstream) => isCompanyId(u.session.data.customer.inscricaoNacional);

/** The selected quota, today by the back office's clock, and whether the quota may have a refund. */
export async function refundAccess(u: CustomerUpstream) {
  const [quota, time] = await Promise.all([selectedQuota(u), serverTime(u)]);
  const today = localNow(time).slice(0, 10);
  return { quota, today, allowed: refundAllowed(quota, today), closure: quota.statusGrupo === 'ENCERRADO' };
}

/** The refund state of the selected quota, or null when it has none. */
export const refundOf = (u: CustomerUpstream) => refundUpstream.status(u, quotaIdOf(u));

/**
 * A refund move of the selected quota: what it acts on, and with what — including whether the
 * payment came back reversed, the one outside change after which the same data is a new move.
 */
export async function refundMove(u: CustomerUpstream, what: string, content: Record<string, unknown> = {}): Promise<MoveKey> {
  const data = await refundOf(u);
  return { subject: `cota ${quotaIdOf(u)} ${what}`, content: { ...content, estornado: statusOf(data) === 'PAGAMENTO_ESTORNADO' } };
}

/** The status the definitions decide on (a reversed payment counts as PAGAMENTO_ESTORNADO). */
export const statusOf = (data: RefundData | null) => (data ? effectiveRefundStatus(data) : null);

/** The documents still owed before the analysis starts: a person's, or a company's and then its partner's. */
export function nextDocumentsStep(u: CustomerUpstream, data: RefundData): string {
  const sent = new Set(data.documentosEnviados);
  if (isCompany(u) && sent.has('contratoSocial') && sent.has('extratoBancario')) return `${DEVOLUCAO}/documento-socio`;
  return `${DEVOLUCAO}/validar-identificacao`;
}

/** Where a started refund continues: the values, the bank data, then the documents. */
export function nextStep(u: CustomerUpstream, data: RefundData | null): string {
  if (!data?.iniciada) return `${DEVOLUCAO}/introducao`;
  if (!data.dadosBancarios) return `${DEVOLUCAO}/valor`;
  return nextDocumentsStep(u, data);
}

/**
 * An upstream refusal as the form's message: the spec's meanings (in progress, status does not
 * allow) by our texts, else the back office's words; an unavailable back office or an expired
 * session goes on as an error.
 */
export function refusalOf(app: FastifyInstance, err: unknown): ActionResult {
  if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) {
    const said = err.upstreamMessage ?? '';
    if (/em andamento/i.test(said)) return { kind: 'field-errors', errors: {}, message: app.text('devolucao.erro.em-andamento') };
    if (/n[ãa]o permite/i.test(said)) return { kind: 'field-errors', errors: {}, message: app.text('devolucao.erro.nao-permitida') };
    return { kind: 'field-errors', errors: {}, message: said || app.text('devolucao.erro.operacao') };
  }
  throw err;
}
