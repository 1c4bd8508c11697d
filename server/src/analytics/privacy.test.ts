import { describe, expect, it } from 'vitest';
import { FORM_FIELD, personalWords, safeField, safeReason } from './privacy.js';

describe('what a refusal may keep', () => {
  it('keeps the fixed wording of a message', () => {
    expect(safeReason('Este valor é menor que o lance mínimo', new Set())).toBe('Este valor é menor que o lance mínimo');
  });

  it('takes out numbers of any kind, e-mails and the words of the customer and of what was typed', () => {
    const personal = personalWords([{ nome: 'Ana Beatriz Lima' }, { email: 'x', titular: 'João da Silva' }]);
    expect(safeReason('Ana Beatriz Lima, CPF 661.157.509-03, cota 0567: R$ 1.234,56 em 20/11/2026 (ana.lima@example.com.br)', personal)).toBe('…, CPF #, cota #: R$ # em # ((e-mail))');
    expect(safeReason('Conta de JOÃO DA SILVA recusada', personal)).toBe('Conta de … DA … recusada');
  });

  it('never keeps a file’s bytes as words, nor a control character, nor more than 160 characters', () => {
    const personal = personalWords([{ arquivo: `data:application/pdf;base64,${'QUJD'.repeat(100)}` }]);
    expect(personal.size).toBe(0);
    expect(safeReason('linha\nquebrada\u0000', personal)).toBe('linha quebrada');
    expect(safeReason('x'.repeat(500), personal)).toHaveLength(160);
    expect(safeReason('', personal)).toBe('Sem mensagem');
  });

  it('keeps a form’s field key, without long numbers', () => {
    expect(safeField('contratoSocial')).toBe('contratoSocial');
    expect(safeField('linha-3')).toBe('linha-3');
    expect(safeField('parcela-123456')).toBe('parcela-#');
    expect(safeField('<script>')).toBe('script');
    expect(safeField('')).toBe(FORM_FIELD);
  });
});
