/**
 * The Pix copy-and-paste code of a "boleto com Pix" (`pixCopiaECola` on a slip answer): a BR Code,
 * the EMV merchant-presented QR payload the Banco Central do Brasil specifies (Manual do BR Code;
 * Manual de Padrões para Iniciação do Pix). Each field is `id` (2 digits) + `length` (2 digits) +
 * value; the last one, 63, holds the CRC16-CCITT-FALSE of everything before it, "6304" included,
 * as 4 upper-case hex digits. The server reads it to decide whether to show Pix (a code that fails
 * its check is not shown); the sandbox builds its slips' codes with `staticBrCode`.
 */

/** The Pix arrangement's identifier inside field 26 (merchant account information). */
export const PIX_GUI = 'br.gov.bcb.pix';
/** The longest payload an EMV QR code carries. */
export const BR_CODE_MAX_LENGTH = 512;

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor) over the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field: id, two-digit length, value. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id) || value.length > 99) throw new Error(`BR Code field ${id} cannot hold ${value.length} characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The fields of a TLV string by id, in order; null when the string is not a sequence of whole fields. */
export function readFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return null;
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.set(head.slice(0, 2), value);
    at += 4 + length;
  }
  return fields;
}

/** What a valid Pix BR Code says. */
export interface BrCode {
  code: string;
  /** The Pix key (sub-field 01 of the Pix account, usually field 26), or the payload URL of a dynamic code (sub-field 25). */
  key: string;
  /** Field 54, in reais, when the code fixes it. */
  amount: number | null;
  merchantName: string;
  merchantCity: string;
  /** Field 62, sub-field 05 ("***" when the code has none). */
  txid: string | null;
}

/**
 * The code read and checked: payload format 01, a Pix account (GUI br.gov.bcb.pix with a key or a
 * URL, in one of the merchant account fields 26–51), currency 986 (real), country BR, merchant name and city, and the CRC as the last field over
 * everything before its value. Null for anything else, so a code that would not pay is never shown.
 */
export function readBrCode(code: string): BrCode | null {
  if (code.length > BR_CODE_MAX_LENGTH || !/6304[0-9A-F]{4}$/.test(code)) return null;
  const fields = readFields(code);
  if (!fields || [...fields.keys()].at(-1) !== '63') return null;
  if (crc16CcittFalse(code.slice(0, -4)) !== code.slice(-4)) return null;
  if (fields.get('00') !== '01' || fields.get('53') !== '986' || fields.get('58') !== 'BR' || fields.get('52') === undefined) return null;
  // Merchant account templates sit in fields 26 to 51; Pix's is the one named by its GUI.
  const account = [...fields]
    .filter(([id]) => Number(id) >= 26 && Number(id) <= 51)
    .map(([, value]) => readFields(value))
    .find((sub) => sub?.get('00')?.toLowerCase() === PIX_GUI);
  if (!account) return null;
  const key = account.get('01') ?? account.get('25');
  const merchantName = fields.get('59');
  const merchantCity = fields.get('60');
  if (!key || !merchantName || !merchantCity) return null;
  const amountText = fields.get('54');
  if (amountText !== undefined && !/^\d{1,10}(\.\d{1,2})?$/.test(amountText)) return null;
  const txid = readFields(fields.get('62') ?? '')?.get('05') ?? null;
  return { code, key, amount: amountText === undefined ? null : Number(amountText), merchantName, merchantCity, txid };
}

/** Letters without accents and only the characters the BR Code's name and city fields take. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

export interface StaticBrCodeInput {
  /** The receiver's Pix key (CPF, CNPJ, e-mail, phone or random key). */
  key: string;
  /** Cut to 25 characters, accents dropped. */
  merchantName: string;
  /** Cut to 15 characters, accents dropped. */
  merchantCity: string;
  /** In reais; absent, the payer types the amount. */
  amount?: number;
  /** Up to 25 letters and digits; absent, "***". */
  txid?: string;
}

/** A static Pix BR Code (copy-and-paste text), CRC included. */
export function staticBrCode(input: StaticBrCodeInput): string {
  const txid = input.txid?.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const payload = [
    tlv('00', '01'),
    tlv('26', tlv('00', PIX_GUI) + tlv('01', input.key)),
    tlv('52', '0000'),
    tlv('53', '986'),
    input.amount === undefined ? '' : tlv('54', input.amount.toFixed(2)),
    tlv('58', 'BR'),
    tlv('59', plain(input.merchantName, 25)),
    tlv('60', plain(input.merchantCity, 15)),
    tlv('62', tlv('05', txid)),
    '6304',
  ].join('');
  return `${payload}${crc16CcittFalse(payload)}`;
}
