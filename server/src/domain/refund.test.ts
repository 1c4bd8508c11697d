import { describe, expect, it } from 'vitest';
import { effectiveRefundStatus, isReversedPayment, parseRefundDate, personalPagesProblem, refundAllowed } from './refund.js';

const today = '2026-11-23';

describe('refund rules (doc 2 §4.6)', () => {
  it('exists only for a cancelled quota that was contemplated, or for a closed group', () => {
    expect(refundAllowed({ situacaoCota: 'CANCELADO', dataContemplacao: '2026-10-29' }, today)).toBe(true);
    expect(refundAllowed({ situacaoCota: 'CANCELADO', dataContemplacao: '1900-01-01' }, today)).toBe(false);
    expect(refundAllowed({ situacaoCota: 'NORMAL', dataContemplacao: '2026-10-29' }, today)).toBe(false);
    expect(refundAllowed({ situacaoCota: 'CANCELADO', dataContemplacao: null, statusGrupo: 'ENCERRADO' }, today)).toBe(true);
    expect(refundAllowed({ situacaoCota: 'NORMAL', statusGrupo: 'ANDAMENTO' }, today)).toBe(false);
  });

  it('counts a payment as reversed when it was sent or confirmed and values remain', () => {
    expect(isReversedPayment({ status: 'PAGAMENTO_ENVIADO', possuiValores: true, valorDisponivel: 10 })).toBe(true);
    expect(isReversedPayment({ status: 'SOLICITACAO_FINALIZADA', possuiValores: true, valorDisponivel: 10 })).toBe(true);
    expect(isReversedPayment({ status: 'PAGAMENTO_ENVIADO', possuiValores: false, valorDisponivel: 0 })).toBe(false);
    expect(isReversedPayment({ status: 'AGUARDANDO_PAGAMENTO', possuiValores: true, valorDisponivel: 10 })).toBe(false);
    expect(effectiveRefundStatus({ status: 'PAGAMENTO_ENVIADO', possuiValores: true, valorDisponivel: 10 })).toBe('PAGAMENTO_ESTORNADO');
    expect(effectiveRefundStatus({ status: null, possuiValores: true, valorDisponivel: 10 })).toBeNull();
  });

  it('takes the refund date only as DD/MM/YYYY', () => {
    expect(parseRefundDate('30/11/2026')).toBe('2026-11-30');
    expect(parseRefundDate('2026-11-30')).toBeNull();
    expect(parseRefundDate('31/11/2026')).toBeNull();
    expect(parseRefundDate('3/11/2026')).toBeNull();
  });

  it('asks the pages each personal document has', () => {
    expect(personalPagesProblem('rg', 1)).toBe('Envie 2 arquivos do RG, um por página (frente e verso).');
    expect(personalPagesProblem('cnh', 1)).toBeNull();
  });
});
