/**
 * A cobrança bancária slip as the bank would issue it (Carta-Circular BCB 2.926/2000): the
 * 44-digit barcode and its 47-digit typeable line, so that the numbers carry the real value
 * and due date and pass any validator (`@brazilian-utils` checks them in the tests).
 */
const BANK = '001';
const CURRENCY = '9';
/** Base of the due-date factor; the factor restarted at 1000 on 2025-02-22 (day 10000). */
const FACTOR_BASE = Date.UTC(1997, 9, 7);

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += Math.floor(product / 10) + (product % 10);
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/** 'YYYY-MM-DD' → the 4-digit due-date factor. */
export function dueFactor(isoDate: string): string {
  const days = Math.round((Date.parse(`${isoDate}T00:00:00Z`) - FACTOR_BASE) / 86_400_000);
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0');
}

/** Barcode and typeable line for `value` (reais) due on `isoDate`; `ourNumber` fills the free field. */
export function slipNumbers(value: number, isoDate: string, ourNumber: string): { barcode: string; line: string } {
  const free = ourNumber.replace(/\D/g, '').padStart(25, '0').slice(-25);
  const amount = String(Math.round(value * 100)).padStart(10, '0');
  const factor = dueFactor(isoDate);
  const withoutDv = `${BANK}${CURRENCY}${factor}${amount}${free}`;
  const dv = mod11(withoutDv);
  const barcode = `${BANK}${CURRENCY}${dv}${factor}${amount}${free}`;
  const f1 = `${BANK}${CURRENCY}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return { barcode, line };
}
