import type { VehicleProcess } from './vehicle.js';

/** The payment to the seller of a used vehicle is sent 48 hours after it was asked (scheduled or reprocessed). */
export const USED_PAYMENT_HOURS = 48;

const MOVING = new Set(['PAGAMENTO_EM_ANDAMENTO', 'REPROCESSAR_PAGAMENTO', 'PAGAMENTO_REPROCESSADO']);

/**
 * What the back office has done with a used vehicle's payment by now on its clock: a payment in
 * progress or being reprocessed is sent to the seller 48 hours after its last event.
 */
export function advanceUsedPayment(process: VehicleProcess, now: number): void {
  if (process.tipoFaturamento !== 'SEMINOVO' || !MOVING.has(process.statusPagamento ?? '')) return;
  const last = process.eventos?.at(-1);
  if (!last || now - Date.parse(last.em) < USED_PAYMENT_HOURS * 3600_000) return;
  last.situacao = 'Concluido';
  process.eventos = [...process.eventos!, { situacao: 'Concluido', descricao: 'Pagamento enviado ao vendedor', em: new Date(Date.parse(last.em) + USED_PAYMENT_HOURS * 3600_000).toISOString() }];
  process.statusPagamento = 'PAGAMENTO_ENVIADO';
  process.status = 'PAGAMENTO_ENVIADO';
  process.estadoProcesso = 'PAGAMENTO_ENVIADO';
}
