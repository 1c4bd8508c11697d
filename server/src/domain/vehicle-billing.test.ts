import { describe, expect, it } from 'vitest';
import { billingKindOf } from './billing-kind.js';
import { dealershipCnpjProblem, documentDeadlineExpired, invoiceValueProblem, purchaseValueProblem, vehicleValue } from './vehicle-billing.js';

describe('new-vehicle billing rules (doc 2 §4.5, §5)', () => {
  it('takes the lower of the purchase value and the available credit as the vehicle value', () => {
    expect(vehicleValue(98_000, 95_000)).toBe(95_000);
    expect(vehicleValue(80_000, 95_000)).toBe(80_000);
  });

  it('wants a purchase value of at least the outstanding balance, and for a paid-off quota at most the available balance', () => {
    expect(purchaseValueProblem(70_349.99, 70_350, 95_000, false)).toBe('O valor de compra deve ser de pelo menos R$ 70.350,00, o saldo devedor da cota.');
    expect(purchaseValueProblem(70_350, 70_350, 95_000, false)).toBeNull();
    expect(purchaseValueProblem(120_000, 70_350, 95_000, false)).toBeNull();
    expect(purchaseValueProblem(70_001, 0, 70_000, true)).toBe('Para cota quitada, o valor de compra deve ser de no máximo R$ 70.000,00, o saldo disponível.');
    expect(purchaseValueProblem(70_000, 0, 70_000, true)).toBeNull();
  });

  it('wants an invoice value of at least the outstanding balance', () => {
    expect(invoiceValueProblem(50_000, 70_350)).toContain('pelo menos R$ 70.350,00');
    expect(invoiceValueProblem(70_350, 70_350)).toBeNull();
  });

  it('checks the dealership CNPJ, alphanumeric included', () => {
    expect(dealershipCnpjProblem('11.222.333/0001-81')).toBeNull();
    expect(dealershipCnpjProblem('12.ABC.345/01DE-35')).toBeNull();
    expect(dealershipCnpjProblem('11.222.333/0001-82')).not.toBeNull();
    expect(dealershipCnpjProblem('271.412.711-80')).not.toBeNull();
  });

  it('expires the document deadline only when the days since creation exceed the partner deadline', () => {
    expect(documentDeadlineExpired('2026-08-25T12:00:00Z', '2026-11-23', 90)).toBe(false);
    expect(documentDeadlineExpired('2026-08-24T12:00:00Z', '2026-11-23', 90)).toBe(true);
    // Created at 01:00 UTC on the 25th is still the 24th in Brasília.
    expect(documentDeadlineExpired('2026-08-25T01:00:00Z', '2026-11-23', 90)).toBe(true);
    expect(documentDeadlineExpired('2020-01-01T00:00:00Z', '2026-11-23', undefined)).toBe(false);
  });

  it('bills a contemplated auto or pesados quota as a vehicle, the rest in cash', () => {
    expect(billingKindOf({ tipo: 'auto' }, true)).toBe('veiculo');
    expect(billingKindOf({ tipo: 'pesados' }, true)).toBe('veiculo');
    expect(billingKindOf({ tipo: 'auto' }, false)).toBe('especie');
    expect(billingKindOf({ tipo: 'imovel' }, true)).toBe('especie');
  });
});
