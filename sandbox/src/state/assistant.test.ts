import { describe, expect, it } from 'vitest';
import { answerFor, type QuotaFacts } from './assistant.js';

const facts: QuotaFacts = {
  grupoCota: '001234/0567',
  proximoBoleto: { descricao: 'parcela 13', vencimento: '28/11/2026', valor: 'R$ 1.234,56', atrasado: false },
  proximaAssembleia: { numero: 13, data: '03/12/2026' },
  lances: { modalidades: 'lance livre ou lance com troca de chaves', limiteEmbutido: '25%' },
  contemplacao: 'a cota ainda não foi contemplada.',
};

describe('the sandbox assistant’s retrieval', () => {
  it('answers a customer’s question about her slip from her quota', () => {
    expect(answerFor('quando vence meu boleto?', 1, facts)).toBe(
      'O seu próximo boleto, da parcela 13 da cota 001234/0567, vence em 28/11/2026, no valor de R$ 1.234,56. Você pode gerá-lo em Boletos.',
    );
    expect(answerFor('Quando é minha próxima assembleia?', 1, facts)).toContain('número 13, em 03/12/2026');
    expect(answerFor('Como funcionam os lances da minha cota?', 1, facts)).toContain('até 25% do crédito');
    expect(answerFor('Minha cota foi contemplada?', 1, facts)).toContain('ainda não foi contemplada');
  });

  it('answers from the partner’s FAQ, and asks a visitor to log in for quota questions', () => {
    expect(answerFor('Como emito a segunda via do boleto?', 1, null)).toMatch(/^Acesse Boletos/);
    expect(answerFor('quando vence meu boleto?', 1, null)).toMatch(/entre no aplicativo e pergunte de novo\.$/);
  });

  it('says it found nothing, quoting the question as it came', () => {
    expect(answerFor('<b>oi</b>', 1, null)).toBe('Não encontrei uma resposta para “<b>oi</b>”. Pergunte sobre boletos, lances, assembleias ou cadastro.');
  });
});
