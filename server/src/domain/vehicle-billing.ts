import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import dayjs from 'dayjs';
import { BRAZIL_TZ } from './clock.js';
import { formatMoney, normaliseNationalId } from './format.js';
import { segmentOf } from './used-vehicle-seller.js';

/** The rules of new-vehicle billing (doc 2 §4.5, §5, §9), framework-free. */

/** The inspection fee deducted from the credit letter, charged again when the billing restarts (doc 2 §9). */
export const INSPECTION_FEE = 150;

export const VEHICLE_MESSAGES = {
  required: 'Campo obrigatório',
  purchaseBelowBalance: (balance: number) => `O valor de compra deve ser de pelo menos ${formatMoney(balance)}, o saldo devedor da cota.`,
  purchaseAboveAvailable: (available: number) => `Para cota quitada, o valor de compra deve ser de no máximo ${formatMoney(available)}, o saldo disponível.`,
  invoiceBelowBalance: (balance: number) => `O valor da nota fiscal deve ser de pelo menos ${formatMoney(balance)}, o saldo devedor da cota.`,
  cnpj: 'CNPJ inválido. Confira os números (e letras) do CNPJ da concessionária.',
  dealershipAccount: 'A conta deve estar no CNPJ da concessionária.',
  brand: 'Marca não encontrada na lista. Confira o nome ou peça a inclusão da marca.',
  model: 'Modelo não encontrado na lista desta marca. Confira o nome ou peça a inclusão do modelo.',
} as const;

/** The vehicle value: the lower of the purchase value and the available credit (doc 2 §5). */
export function vehicleValue(purchase: number, availableCredit: number): number {
  return Math.min(purchase, availableCredit);
}

/** Purchase value at least the outstanding balance; for a paid-off quota at most the available balance (doc 2 §5). */
export function purchaseValueProblem(purchase: number, balance: number, available: number, paidOff: boolean): string | null {
  if (purchase < balance) return VEHICLE_MESSAGES.purchaseBelowBalance(balance);
  if (paidOff && purchase > available) return VEHICLE_MESSAGES.purchaseAboveAvailable(available);
  return null;
}

/** Invoice value at least the outstanding balance (doc 2 §5). */
export function invoiceValueProblem(invoice: number, balance: number): string | null {
  return invoice < balance ? VEHICLE_MESSAGES.invoiceBelowBalance(balance) : null;
}

/** The dealership's CNPJ, numeric or alphanumeric (IN RFB 2.229/2024), with its check digits. */
export function dealershipCnpjProblem(cnpj: string): string | null {
  return isValidCnpj(normaliseNationalId(cnpj), { version: 2 }) ? null : VEHICLE_MESSAGES.cnpj;
}

/**
 * The new-vehicle document deadline: expired when the days since the process was created exceed
 * the partner's general billing deadline (prazo_geral_faturamento_bem, doc 2 §4.5), counted in
 * calendar days in Brasília up to `today` (the back office's day, 'YYYY-MM-DD'). No deadline
 * configured: never expires.
 */
export function documentDeadlineExpired(createdAt: string, today: string, deadlineDays: number | undefined): boolean {
  if (deadlineDays === undefined) return false;
  const created = dayjs(createdAt).tz(BRAZIL_TZ).format('YYYY-MM-DD');
  return dayjs(today).diff(dayjs(created), 'day') > deadlineDays;
}

export interface VehicleRouteInputs {
  status: string;
  company: boolean;
  product: 'NOVO' | 'SEMINOVO' | null;
  manual: boolean;
  deadlineExpired: boolean;
  /** Used vehicles: the process state and inspection kind for the used-vehicle table. */
  usedState: string | null;
  digital: boolean;
  /** Used vehicles: the seller's kind as the used-vehicle table names it (pessoafisica, revendedora, locadora, pessoajuridica). */
  sellerType?: string | null;
}

type Decide = (table: string, inputs: Record<string, unknown>) => unknown;

/**
 * Where /faturamento sends a vehicle billing: the common/manual table first (doc 2 §4.5); a
 * status of a product step goes to that product's table (new: new-vehicle-screen; used: the page
 * of used-vehicle-step). Nothing decided: home.
 */
export function vehicleScreenOf(decide: Decide, s: VehicleRouteInputs): string {
  const common = decide('vehicle-billing-screen', { status: s.status, company: s.company, product: s.product });
  if (typeof common === 'string') return common;
  if (s.product === 'NOVO') {
    const target = decide('new-vehicle-screen', { status: s.status, manual: s.manual, deadlineExpired: s.deadlineExpired });
    return typeof target === 'string' ? target : '/home';
  }
  const used = decide('used-vehicle-step', { state: s.usedState ?? s.status, digital: s.digital, introSeen: false, sellerType: s.sellerType ?? null }) as { page?: string } | null;
  return used?.page ?? '/home';
}

/** The inputs of the vehicle tables from the billing state, the holder and the partner's deadline. */
export function vehicleRouteInputs(
  data: { status: string; tipoFaturamento: 'NOVO' | 'SEMINOVO' | null; fluxoManual: boolean; dataCriacao: string; estadoProcesso: string | null; isDigital: boolean; tipoVendedor?: string | null },
  holderNationalId: string,
  deadlineDays: number | undefined,
  today: string,
): VehicleRouteInputs {
  return {
    status: data.status,
    company: normaliseNationalId(holderNationalId).length > 11,
    product: data.tipoFaturamento,
    manual: data.fluxoManual,
    deadlineExpired: documentDeadlineExpired(data.dataCriacao, today, deadlineDays),
    usedState: data.estadoProcesso,
    digital: data.isDigital,
    sellerType: segmentOf(data.tipoVendedor),
  };
}
