import type { RefundBankData, RefundTimelineStep, RefundValues } from '../../../back-office/index.js';

/** Identity scan outcomes of doc 2 §4.6. */
export type IdentityOutcome = 'APROVADO' | 'REPROVADO' | 'CRIVO_REPROVADO' | 'ENCAMINHADO_FILIAL';

/** A quota's refund as the core system keeps it (core/devolucao). */
export interface RefundProcess {
  /** null = no phase yet (Introduction). */
  status: string | null;
  iniciada?: boolean;
  dadosBancarios?: RefundBankData;
  documentosEnviados?: string[];
  documentosRecusados?: string[];
  respostaAnalista?: string;
  analiseIdentidade?: IdentityOutcome;
  /** When the documents went to analysis (epoch ms on the sandbox clock). */
  analiseDesde?: number;
  /** Documents of the running analysis it will not be able to read (their names). */
  ilegiveis?: string[];
  /** What the next identity scan answers (control route); approved when unset. */
  proximaAnalise?: IdentityOutcome;
  /** When the payment was programmed (epoch ms on the sandbox clock). */
  programadoEm?: number;
  /** DD/MM/YYYY, once the payment is programmed. */
  dataDevolucao?: string;
  timelinePagamento?: RefundTimelineStep[];
  /** The bank returned the payment: values remain after the payment was sent. */
  estornado?: boolean;
  /** Sent to the bank: nothing remains available (unless it comes back, `estornado`). */
  pago?: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The amounts the back office would return for a quota (doc 2 §3.7): the common fund paid in,
 * 4.5 % earnings, a 10 % permanence fee for a cancelled quota (none at group closure), 15 %
 * income tax on the earnings; what was advanced and a pending asset value are deducted.
 */
export function refundValuesOf(quota: { valorBem: number; prazoMeses: number; parcelasPagas: number; statusGrupo: string }, process: RefundProcess | undefined): RefundValues {
  const fund = round2((quota.valorBem / quota.prazoMeses) * quota.parcelasPagas);
  const rendimentos = round2(fund * 0.045);
  const taxaPermanencia = quota.statusGrupo === 'ENCERRADO' ? 0 : round2(fund * 0.1);
  const impostoRenda = round2(rendimentos * 0.15);
  const valorAdiantado = 0;
  const valorBemPendente = 0;
  const valorPagamento = round2(fund + rendimentos - taxaPermanencia - impostoRenda - valorAdiantado - valorBemPendente);
  const paid = process?.pago === true;
  return { valorDisponivel: paid ? 0 : valorPagamento, valorAdiantado, rendimentos, valorPagamento, impostoRenda, taxaPermanencia, valorBemPendente };
}
