import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../clock.js';
import { slipNumbers } from '../slip-line.js';
import type { QuotaRecord } from './portfolio.js';

/** One instalment (cobrança) of a quota. */
export interface Instalment {
  identificadorCobranca: string;
  idCota: number;
  numero: number;
  idMovimentoFinanceiro: number;
  nomeMovimentoFinanceiro: string;
  /** Days from the sandbox's today to the due date (negative = late); dates follow the clock. */
  venceEmDias: number;
  fundoComum: number;
  taxaAdministracao: number;
  fundoReserva: number;
  seguroVida: number;
  situacao: 'EM_ABERTO' | 'PAGA' | 'RENEGOCIADA';
}

/** A generated slip. */
export interface Slip {
  idBoleto: string;
  idCota: number;
  owner: string;
  cobrancas: string[];
  descricao: string;
  valorCobrado: number;
  dataVencimento: string;
  linhaDigitavel: string;
  codigoBarras: string;
  hash: string;
  /** The Pix copy-and-paste code of this "boleto com Pix" (set by the slip routes as it is issued). */
  pixCopiaECola?: string;
  situacao: 'EM_ABERTO' | 'PAGO';
  /** What generated it, so that the same request twice answers the same slip. */
  chave: string;
}

/** A second-copy listing: the instalments offered and the ones the customer marked. */
export interface SecondCopyProcess {
  identificador: string;
  owner: string;
  idCota: number;
  unifica: boolean;
  marcadas: Set<string>;
}

/** Administration fee, reserve fund and life insurance rates the sandbox's plans use. */
const ADMIN_FEE = 0.16;
const RESERVE_FUND = 0.02;
const LIFE_INSURANCE = 0.00035;
/** Late payment: 2 % fine plus 1 % interest a month, pro rata by day. */
const LATE_FINE = 0.02;
const LATE_INTEREST_MONTH = 0.01;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Which day offsets each quota's open instalments fall due (negative = late). */
export function openInstalmentDays(quota: QuotaRecord): number[] {
  if (quota.situacaoCota !== 'NORMAL' || quota.parcelasRestantes <= 0) return [];
  if (quota.parcelasEmAbertoEmDias) return quota.parcelasEmAbertoEmDias;
  const late = Array.from({ length: quota.parcelasAtraso }, (_, i) => -15 - 30 * (quota.parcelasAtraso - 1 - i));
  return [...late, 15];
}

/**
 * The back office's billing: instalments per quota, generated slips, second-copy processes,
 * slip-delivery preferences and renegotiations. Rebuilt with the state on reset.
 */
export class BillingBook {
  readonly instalments = new Map<string, Instalment>();
  readonly slips = new Map<string, Slip>();
  readonly processes = new Map<string, SecondCopyProcess>();
  /** Renegotiations done per quota (at most 3 per plan). */
  readonly renegotiations = new Map<number, number>();
  /** The late instalments a customer selected for the renegotiation under way. */
  readonly renegotiationSelection = new Map<string, string[]>();
  /** Slip delivery (formaEnvio) per quota and when it last changed. */
  readonly delivery = new Map<number, { formaEnvio: 'EMAIL' | 'CORREIO'; dataAlteracao: string | null }>();

  constructor(private readonly clock: SandboxClock) {}

  seedQuota(quota: QuotaRecord): void {
    const base = quota.valorBem / quota.prazoMeses;
    openInstalmentDays(quota)
      .sort((a, b) => a - b)
      .forEach((days, i) => {
        const numero = quota.parcelasPagas + 1 + i;
        const id = `${quota.idCota}-${String(numero).padStart(3, '0')}`;
        this.instalments.set(id, {
          identificadorCobranca: id,
          idCota: quota.idCota,
          numero,
          idMovimentoFinanceiro: quota.idCota * 1000 + numero,
          nomeMovimentoFinanceiro: `Parcela ${numero}`,
          venceEmDias: days,
          fundoComum: round2(base),
          taxaAdministracao: round2(base * ADMIN_FEE),
          fundoReserva: round2(base * RESERVE_FUND),
          seguroVida: round2(quota.valorSaldoDevedor * LIFE_INSURANCE),
          situacao: 'EM_ABERTO',
        });
      });
    this.renegotiations.set(quota.idCota, quota.renegociacoes ?? 0);
    this.delivery.set(quota.idCota, { formaEnvio: 'EMAIL', dataAlteracao: null });
  }

  dueDate(i: Instalment): string {
    return this.clock.day(i.venceEmDias);
  }

  isLate(i: Instalment): boolean {
    return i.venceEmDias < 0;
  }

  /** The instalment's value today: its parts, plus fine and interest when late. */
  amount(i: Instalment): { original: number; encargos: number; total: number } {
    const original = round2(i.fundoComum + i.taxaAdministracao + i.fundoReserva + i.seguroVida);
    const daysLate = Math.max(0, -i.venceEmDias);
    const encargos = daysLate > 0 ? round2(original * LATE_FINE + original * LATE_INTEREST_MONTH * (daysLate / 30)) : 0;
    return { original, encargos, total: round2(original + encargos) };
  }

  /** The fields every listing of an instalment answers: whose, which, when and how much today. */
  view(i: Instalment, quota: { grupo: string; cota: string }) {
    const amount = this.amount(i);
    return {
      identificadorCobranca: i.identificadorCobranca,
      idCota: i.idCota,
      grupo: quota.grupo,
      cota: quota.cota,
      nomeMovimentoFinanceiro: i.nomeMovimentoFinanceiro,
      dataVencimento: this.dueDate(i),
      valor: amount.total,
      valorOriginal: amount.original,
      valorEncargos: amount.encargos,
    };
  }

  openOf(idCota: number): Instalment[] {
    return [...this.instalments.values()].filter((i) => i.idCota === idCota && i.situacao === 'EM_ABERTO').sort((a, b) => a.numero - b.numero);
  }

  /** One slip per distinct request (`chave`): a money action sent twice issues one slip. */
  issue(owner: string, idCota: number, cobrancas: Instalment[], chave: string, payoff?: { valor: number; descricao: string }): Slip {
    const existing = [...this.slips.values()].find((s) => s.chave === chave && s.owner === owner);
    if (existing) return existing;
    const late = cobrancas.some((c) => this.isLate(c));
    // A late instalment is paid on a slip due tomorrow; on-time ones keep the earliest due date.
    const dueIn = payoff || late ? 1 : Math.min(...cobrancas.map((c) => c.venceEmDias));
    const dataVencimento = this.clock.day(dueIn);
    const valorCobrado = payoff ? payoff.valor : round2(cobrancas.reduce((sum, c) => sum + this.amount(c).total, 0));
    const idBoleto = String(700_000 + this.slips.size + 1);
    const { barcode, line } = slipNumbers(valorCobrado, dataVencimento, `${idCota}${idBoleto}`);
    const slip: Slip = {
      idBoleto,
      idCota,
      owner,
      cobrancas: cobrancas.map((c) => c.identificadorCobranca),
      descricao: payoff?.descricao ?? cobrancas.map((c) => c.nomeMovimentoFinanceiro).join(', '),
      valorCobrado,
      dataVencimento,
      linhaDigitavel: line,
      codigoBarras: barcode,
      hash: randomBytes(12).toString('hex'),
      situacao: 'EM_ABERTO',
      chave,
    };
    this.slips.set(idBoleto, slip);
    return slip;
  }

  /** The bank confirmed payment (control route): the slip and its instalments are paid. */
  pay(slip: Slip): void {
    slip.situacao = 'PAGO';
    for (const id of slip.cobrancas) {
      const instalment = this.instalments.get(id);
      if (instalment) instalment.situacao = 'PAGA';
    }
  }
}
