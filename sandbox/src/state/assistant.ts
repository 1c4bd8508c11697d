/**
 * The assistant's back office (embraassist/ia): a small deterministic retrieval, no model and no
 * network. It answers from the partner's FAQ and, when the caller sends a customer token, from the
 * customer's own quota (next slip and its due date, next assembly, bid rules, contemplation).
 * Conversations and answers (by analytics id, with their feedback) live until reset.
 */
import { FAQ, type FaqQuestion } from './content.js';

export interface AssistantExchange {
  conversationId: string;
  question: string;
  answer: string;
  feedback: 'DEFAULT' | 'POSITIVE' | 'NEGATIVE';
}

export class AssistantState {
  /** conversationId → the turns so far (questions and answers). */
  readonly conversations = new Map<string, { partnerId: number; customer: string | null; turns: number }>();
  /** analyticsId → the exchange it names. */
  readonly answers = new Map<string, AssistantExchange>();
  private sequence = 0;

  next(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${String(this.sequence).padStart(6, '0')}`;
  }

  reset(): void {
    this.conversations.clear();
    this.answers.clear();
    this.sequence = 0;
  }
}

/** What the assistant knows of the caller's quota (already formatted for the answer). */
export interface QuotaFacts {
  grupoCota: string;
  proximoBoleto: { descricao: string; vencimento: string; valor: string; atrasado: boolean } | null;
  proximaAssembleia: { numero: number; data: string } | null;
  lances: { modalidades: string; limiteEmbutido: string } | null;
  contemplacao: string;
}

const STOP = new Set(['a', 'o', 'as', 'os', 'de', 'da', 'do', 'das', 'dos', 'e', 'em', 'um', 'uma', 'para', 'por', 'com', 'que', 'qual', 'quais', 'como', 'meu', 'minha', 'meus', 'minhas', 'eu', 'se', 'na', 'no', 'nas', 'nos', 'ao', 'sobre', 'posso', 'tem', 'ha', 'e']);

export const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Folded words without stop words, cut to a 5-letter stem (vence, vencimento → "venci"/"vence"). */
function stems(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.slice(0, 5));
}

type Intent = 'boleto' | 'assembleia' | 'lance' | 'contemplacao';

const INTENTS: Array<[Intent, RegExp]> = [
  ['boleto', /\b(boleto|vence|vencimento|venc\w*|parcela|pagar|pagamento)\b/],
  ['assembleia', /\bassembleia/],
  ['lance', /\blances?\b/],
  ['contemplacao', /\bcontempla/],
];

function intentOf(question: string): Intent | null {
  const text = fold(question);
  // The customer's own data only when the question is about "my" quota, slip, assembly…
  if (!/\b(meu|minha|meus|minhas|proxim\w*|quando)\b/.test(text)) return null;
  return INTENTS.find(([, re]) => re.test(text))?.[0] ?? null;
}

/** The FAQ question sharing most words with the question (ties: the first), or null. */
function bestFaq(partnerId: number, question: string): FaqQuestion | null {
  const wanted = new Set(stems(question));
  if (wanted.size === 0) return null;
  let best: { q: FaqQuestion; score: number } | null = null;
  for (const topic of FAQ[partnerId] ?? FAQ[1] ?? []) {
    for (const q of topic.questions) {
      const own = new Set(stems(q.question));
      const body = new Set(stems(q.answer));
      let score = 0;
      for (const w of wanted) score += own.has(w) ? 2 : body.has(w) ? 1 : 0;
      if (score > (best?.score ?? 1)) best = { q, score };
    }
  }
  return best?.q ?? null;
}

function fromQuota(intent: Intent, facts: QuotaFacts): string {
  switch (intent) {
    case 'boleto':
      if (!facts.proximoBoleto) return `A cota ${facts.grupoCota} não tem parcelas em aberto no momento.`;
      return facts.proximoBoleto.atrasado
        ? `A ${facts.proximoBoleto.descricao} da cota ${facts.grupoCota} venceu em ${facts.proximoBoleto.vencimento} e está em atraso: ${facts.proximoBoleto.valor} com encargos. Gere o boleto atualizado em Boletos.`
        : `O seu próximo boleto, da ${facts.proximoBoleto.descricao} da cota ${facts.grupoCota}, vence em ${facts.proximoBoleto.vencimento}, no valor de ${facts.proximoBoleto.valor}. Você pode gerá-lo em Boletos.`;
    case 'assembleia':
      return facts.proximaAssembleia
        ? `A próxima assembleia do grupo da cota ${facts.grupoCota} é a de número ${facts.proximaAssembleia.numero}, em ${facts.proximaAssembleia.data}.`
        : `O grupo da cota ${facts.grupoCota} não tem assembleia marcada.`;
    case 'lance':
      return facts.lances
        ? `Na cota ${facts.grupoCota} você pode ofertar ${facts.lances.modalidades}, até 1 dia antes da assembleia. O lance embutido pode usar até ${facts.lances.limiteEmbutido} do crédito.`
        : `A cota ${facts.grupoCota} não pode ofertar lances agora.`;
    case 'contemplacao':
      return `Sobre a cota ${facts.grupoCota}: ${facts.contemplacao}`;
  }
}

/** The answer to one question: the customer's quota when asked about it, else the FAQ, else a hint. */
export function answerFor(question: string, partnerId: number, facts: QuotaFacts | null): string {
  const intent = intentOf(question);
  if (intent && facts) return fromQuota(intent, facts);
  const faq = bestFaq(partnerId, question);
  const tail = intent && !facts ? ' Para ver os dados da sua cota, entre no aplicativo e pergunte de novo.' : '';
  if (faq) return `${faq.answer}${tail}`;
  return `Não encontrei uma resposta para “${question.trim()}”. Pergunte sobre boletos, lances, assembleias ou cadastro.${tail}`;
}
