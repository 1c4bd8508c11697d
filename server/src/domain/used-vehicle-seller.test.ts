import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES } from './bank-account.js';
import { SELLER_MESSAGES, segmentOf, sellerAccountProblems, sellerDocumentProblem } from './used-vehicle-seller.js';

const BUYER = '830.658.980-71';
const SELLER = '529.982.247-25';
const COMPANY = '33.444.555/0001-81';
const account = (titularDocumento: string, over: Record<string, string> = {}) => ({ banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE', titularDocumento, ...over });

describe('used-vehicle seller (doc 2 §3.6, §5)', () => {
  it('names the four kinds by their route segments', () => {
    expect(['PF', 'REVENDEDORA_CONCESSIONARIA', 'LOCADORA', 'OUTRAS_EMPRESAS'].map(segmentOf)).toEqual(['pessoafisica', 'revendedora', 'locadora', 'pessoajuridica']);
    expect(segmentOf(null)).toBeNull();
  });

  it('a person sells with a valid CPF, a company with a valid CNPJ, never with the buyer’s', () => {
    expect(sellerDocumentProblem('PF', SELLER, BUYER)).toBeNull();
    expect(sellerDocumentProblem('PF', BUYER, BUYER)).toBe(SELLER_MESSAGES.buyer);
    expect(sellerDocumentProblem('PF', '529.982.247-26', BUYER)).toBe(SELLER_MESSAGES.cpf);
    expect(sellerDocumentProblem('PF', COMPANY, BUYER)).toBe(SELLER_MESSAGES.cpf);
    expect(sellerDocumentProblem('LOCADORA', COMPANY, BUYER)).toBeNull();
    expect(sellerDocumentProblem('OUTRAS_EMPRESAS', SELLER, BUYER)).toBe(SELLER_MESSAGES.cnpj);
  });

  it('the account must be the seller’s (the company’s CNPJ for companies); the buyer’s is refused', () => {
    expect(sellerAccountProblems('PF', account(SELLER), SELLER, BUYER)).toEqual({});
    expect(sellerAccountProblems('PF', account(BUYER), SELLER, BUYER)).toEqual({ titularDocumento: SELLER_MESSAGES.buyer });
    expect(sellerAccountProblems('PF', account('390.533.447-05'), SELLER, BUYER)).toEqual({ titularDocumento: SELLER_MESSAGES.personAccount });
    expect(sellerAccountProblems('REVENDEDORA_CONCESSIONARIA', account(SELLER), COMPANY, BUYER)).toEqual({ titularDocumento: SELLER_MESSAGES.companyAccount });
    expect(sellerAccountProblems('REVENDEDORA_CONCESSIONARIA', account(COMPANY), COMPANY, BUYER)).toEqual({});
  });

  it('keeps every rule of a receiving account (bank-account.ts)', () => {
    expect(sellerAccountProblems('PF', account(SELLER, { tipoConta: 'SALARIO' }), SELLER, BUYER)).toEqual({ tipoConta: BANK_ACCOUNT_MESSAGES.salary });
    expect(sellerAccountProblems('PF', account(SELLER, { agencia: '12' }), SELLER, BUYER)).toEqual({ agencia: BANK_ACCOUNT_MESSAGES.agency });
  });
});
