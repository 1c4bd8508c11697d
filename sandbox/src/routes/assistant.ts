import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assistant, AssistantConfig, AssistantTurn } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { SandboxContext } from '../context.js';
import { fail, invalid, notFound } from '../http.js';
import { answerFor, type QuotaFacts } from '../state/assistant.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brDate = (iso: string) => iso.split('-').reverse().join('/');
/** Embedded bid up to 25 % of the credit (doc 1 §9). */
const EMBEDDED_BID_LIMIT = '25%';
const MODALITIES: Record<string, string> = { '001': 'lance livre', '002': 'lance fixo', '003': 'lance com troca de chaves' };

/** What the assistant knows of a quota, from the same books the other calls answer from. */
function factsOf(state: SandboxState, quota: QuotaRecord): QuotaFacts {
  const next = state.billing.openOf(quota.idCota)[0];
  const amount = next ? state.billing.amount(next) : null;
  const contemplated = quota.contempladaHaDias !== undefined;
  const canBid = !contemplated && quota.situacaoCota === 'NORMAL' && quota.proximaAssembleiaEmDias !== undefined;
  return {
    grupoCota: `${quota.grupo}/${quota.cota}`,
    proximoBoleto: next && amount ? { descricao: next.nomeMovimentoFinanceiro.toLowerCase(), vencimento: brDate(state.billing.dueDate(next)), valor: money.format(amount.total), atrasado: state.billing.isLate(next) } : null,
    proximaAssembleia: quota.proximaAssembleiaEmDias === undefined ? null : { numero: quota.assembleiaAtual + 1, data: brDate(state.clock.day(quota.proximaAssembleiaEmDias)) },
    lances: canBid ? { modalidades: (quota.opcoesLance ?? ['001']).map((c) => MODALITIES[c] ?? c).join(' ou '), limiteEmbutido: EMBEDDED_BID_LIMIT } : null,
    contemplacao: contemplated
      ? `a cota foi contemplada em ${brDate(state.clock.day(-quota.contempladaHaDias!))}${quota.modalidadeContemplacao ? ` (${quota.modalidadeContemplacao})` : ''}. Acompanhe o faturamento do crédito no aplicativo.`
      : 'a cota ainda não foi contemplada. Ela participa dos sorteios e pode ofertar lances nas assembleias.',
  };
}

type Caller = { kind: 'anonymous' } | { kind: 'customer'; customer: string; quota: QuotaRecord | null } | { kind: 'refused' };

/** The customer a token names, when one is sent (the path is open: no token, no customer). */
function callerOf(state: SandboxState, request: FastifyRequest): Caller {
  const token = request.headers.access_token;
  if (typeof token !== 'string' || !token) return { kind: 'anonymous' };
  const grant = state.accessTokens.get(token);
  if (!grant || state.revokedFamilies.has(grant.family) || state.clock.now() >= grant.expiresAt) return { kind: 'refused' };
  const quota = grant.idCota !== undefined ? state.quotas.get(grant.idCota) : state.quotasOf(grant.customer)[0];
  return { kind: 'customer', customer: grant.customer, quota: quota && quota.owner === grant.customer ? quota : null };
}

const Parts = z.object({ config: z.string(), conversation: z.string(), conversationId: z.string().optional() });

function json(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid');
  }
}

/**
 * The assistant (doc 2 §7): POST embraassist/ia (multipart: config, conversation, optional
 * conversationId, each JSON) answers output[0] and metadata; PATCH embraassist/ia/feedback
 * records the feedback of one answer once.
 */
export default async function assistantRoutes(app: FastifyInstance, { state }: SandboxContext) {
  // The parts arrive as the body (strings), before the recording hook reads it.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 5, fieldSize: 16 * 1024 } });

  serve(app, assistant.ask, async (request, reply) => {
    if (!request.isMultipart()) return invalid(reply, 'Envie config e conversation como multipart/form-data.');
    const parts = Parts.safeParse(request.body);
    if (!parts.success) return invalid(reply, 'As partes config e conversation são obrigatórias.');
    const config = AssistantConfig.safeParse(json(parts.data.config));
    const turn = AssistantTurn.safeParse(json(parts.data.conversation));
    const id = parts.data.conversationId === undefined ? undefined : json(parts.data.conversationId);
    if (!config.success || !turn.success || (id !== undefined && typeof id !== 'string')) return invalid(reply, 'config, conversation ou conversationId inválidos.');
    const caller = callerOf(state, request);
    if (caller.kind === 'refused') return fail(reply, 401, 'Token inválido.', 'UNAUTHORIZED');
    const customer = caller.kind === 'customer' ? caller.customer : null;
    let conversationId = id as string | undefined;
    const known = conversationId ? state.assistant.conversations.get(conversationId) : undefined;
    // A conversation belongs to whoever started it: another caller's id is not found.
    if (conversationId && (!known || known.customer !== customer)) return notFound(reply, 'Conversa não encontrada.');
    if (!conversationId) {
      conversationId = state.assistant.next('conv');
      state.assistant.conversations.set(conversationId, { partnerId: config.data.idParceiro, customer, turns: 0 });
    }
    const conversation = state.assistant.conversations.get(conversationId)!;
    conversation.turns += 1;
    const question = turn.data.messages[0]!.content;
    const facts = caller.kind === 'customer' && caller.quota ? factsOf(state, caller.quota) : null;
    const text = answerFor(question, config.data.idParceiro, facts);
    const analyticsId = state.assistant.next('ana');
    state.assistant.answers.set(analyticsId, { conversationId, question, answer: text, feedback: 'DEFAULT' });
    return {
      output: [{ id: state.assistant.next('msg'), role: 'assistant' as const, content: [{ type: 'output_text', text }] }],
      metadata: { analyticsId, conversationId },
    };
  });

  serve(app, assistant.feedback, async (request, reply) => {
    const body = assistant.feedback.body!.safeParse(request.body ?? {});
    if (!body.success) return invalid(reply, 'Informe id e feedback (POSITIVE ou NEGATIVE).');
    const exchange = state.assistant.answers.get(body.data.id);
    if (!exchange) return notFound(reply, 'Resposta não encontrada.');
    if (exchange.feedback !== 'DEFAULT') return fail(reply, 409, 'Esta resposta já recebeu avaliação.', 'FEEDBACK_ALREADY_SENT');
    exchange.feedback = body.data.feedback;
    return { id: body.data.id, feedback: exchange.feedback };
  });
}
