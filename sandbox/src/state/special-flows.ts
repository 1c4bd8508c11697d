/**
 * What the back office keeps for the special flows (doc 2 §2.8–§2.11): quota
 * transfer requests, insurance, post-sale security answers and call-back requests. In memory,
 * cleared with the rest of the state on reset.
 */
export interface TransferRequest {
  protocolo: string;
  cessionario: string;
  email: string;
  taxa: number;
}

export interface CallbackRequest {
  customer: string;
  idCota: number;
  telefone: string;
  periodo: 'MANHA' | 'TARDE';
  motivo: string;
  protocolo: string;
}

export class SpecialFlowsState {
  /** Transfer requests in progress, by idCota. */
  readonly transfers = new Map<number, TransferRequest>();
  /** Quotas with insurance (possui_seguro S). */
  readonly insured = new Set<number>();
  /** Wrong post-sale security answers, by customer key (two block the flow). */
  readonly securityMisses = new Map<string, number>();
  readonly callbacks: CallbackRequest[] = [];
  nextProtocol = 1;

  reset(): void {
    this.transfers.clear();
    this.insured.clear();
    this.securityMisses.clear();
    this.callbacks.length = 0;
    this.nextProtocol = 1;
  }

  protocol(prefix: string): string {
    return `${prefix}${String(this.nextProtocol++).padStart(6, '0')}`;
  }
}
