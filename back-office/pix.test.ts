import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, readBrCode, readFields, staticBrCode } from './pix.js';

/** The static QR example of the Banco Central's Manual de Padrões para Iniciação do Pix, CRC 1D3D. */
const BCB_EXAMPLE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Pix BR Code', () => {
  it('computes CRC16-CCITT-FALSE: the published check value of "123456789" is 29B1', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('gives the Banco Central manual’s example its published CRC, builds it field by field, and reads it', () => {
    expect(crc16CcittFalse(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(staticBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_EXAMPLE);
    expect(readBrCode(BCB_EXAMPLE)).toEqual({ code: BCB_EXAMPLE, key: '123e4567-e12b-12d1-a456-426655440000', amount: null, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: '***' });
  });

  it('carries amount, txid, name and city within the fields’ limits, without accents, upper-case CRC last', () => {
    const code = staticBrCode({ key: 'pix@consorcio.example', merchantName: 'Administradora de Consórcios Aurora Ltda', merchantCity: 'São José dos Campos', amount: 1234.5, txid: 'BOLETO-700001' });
    const fields = readFields(code)!;
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('54')).toBe('1234.50');
    expect(fields.get('59')).toBe('Administradora de Consorc');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(readFields(fields.get('62')!)!.get('05')).toBe('BOLETO700001');
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
    expect(code.slice(-4)).toBe(crc16CcittFalse(code.slice(0, -4)));
    expect(readBrCode(code)).toMatchObject({ key: 'pix@consorcio.example', amount: 1234.5, txid: 'BOLETO700001' });
  });

  it('refuses a code that would not pay: a changed character, a lower-case or missing CRC, another arrangement, cut fields', () => {
    const code = staticBrCode({ key: 'chave', merchantName: 'Loja', merchantCity: 'Recife', amount: 10 });
    expect(readBrCode(code)).not.toBeNull();
    expect(readBrCode(code.replace('10.00', '11.00'))).toBeNull();
    expect(readBrCode(code.slice(0, -4) + code.slice(-4).toLowerCase().replace(/[0-9]/g, 'a'))).toBeNull();
    expect(readBrCode(code.slice(0, -8))).toBeNull();
    expect(readBrCode(code.slice(1))).toBeNull();
    const other = code.replace('br.gov.bcb.pix', 'br.gov.bcb.xyz');
    expect(readBrCode(other.slice(0, -4) + crc16CcittFalse(other.slice(0, -4)))).toBeNull();
    expect(readBrCode('linha digitável, não um BR Code')).toBeNull();
    expect(readBrCode(`${'0'.repeat(600)}6304ABCD`)).toBeNull();
  });
});
