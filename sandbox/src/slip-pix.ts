import { createHash } from 'node:crypto';
import { staticBrCode } from '../../back-office/pix.js';

/** Where the sandbox's administrator receives Pix (field 60 of the BR Code). */
const CITY = 'Sao Paulo';

/**
 * The Pix receiving key of the administrator behind a partner: a random key (EVP, a version-4 UUID)
 * as a bank issues it, the same on every run so that a slip's code is too.
 */
export function partnerPixKey(partnerId: number): string {
  const hex = createHash('sha256').update(`sandbox-pix-key:${partnerId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The Pix copy-and-paste code of a "boleto com Pix": a static BR Code for the slip's value, paid to
 * the partner's administrator, whose transaction id names the slip (BOLETO + its number).
 */
export function slipPixCode(slip: { idBoleto: string; valorCobrado: number }, partner: { id: number; name: string }): string {
  return staticBrCode({ key: partnerPixKey(partner.id), merchantName: partner.name, merchantCity: CITY, amount: slip.valorCobrado, txid: `BOLETO${slip.idBoleto}` });
}
