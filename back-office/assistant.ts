import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Doc 2 §7 "AI assistant" and §3.9 "AI conversation": the assistant's two calls. Both live on an
 * open path (doc 1 §7): no token is needed; a logged-in customer's token is sent so that the
 * assistant can answer about the customer's own quota.
 */

export const AssistantFeedback = z.enum(['DEFAULT', 'POSITIVE', 'NEGATIVE']);
export type AssistantFeedback = z.infer<typeof AssistantFeedback>;

/** The `config` part: who asks, from where. */
export const AssistantConfig = z.object({
  /** The partner whose help centre answers. */
  idParceiro: z.number().int().positive(),
  /** `app` inside the product, `embed` in a partner's page (never a customer's data). */
  canal: z.enum(['app', 'embed']),
  idioma: z.literal('pt-BR'),
});
export type AssistantConfig = z.infer<typeof AssistantConfig>;

/** The `conversation` part: the new turn (the upstream keeps the history under `conversationId`). */
export const AssistantTurn = z.object({
  messages: z.array(z.object({ role: z.literal('user'), content: z.string().min(1).max(2000) })).min(1).max(1),
});
export type AssistantTurn = z.infer<typeof AssistantTurn>;

export const AssistantAnswer = z.object({
  output: z
    .array(
      z.object({
        id: z.string().min(1),
        role: z.literal('assistant'),
        content: z.array(z.object({ type: z.string().optional(), text: z.string() })).min(1),
      }),
    )
    .min(1),
  metadata: z.object({ analyticsId: z.string().min(1), conversationId: z.string().min(1) }),
});
export type AssistantAnswer = z.infer<typeof AssistantAnswer>;

export const assistant = {
  /** POST embraassist/ia: multipart with config, conversation and (after the first turn) conversationId, each JSON. */
  ask: endpoint({
    method: 'POST',
    path: 'embraassist/ia',
    group: 'embraassist',
    customerToken: 'optional',
    parts: z.object({ config: AssistantConfig, conversation: AssistantTurn, conversationId: z.string().min(1).optional() }),
    answer: AssistantAnswer,
  }),
  /** PATCH embraassist/ia/feedback: the analytics id of the answer and the customer's feedback. */
  feedback: endpoint({
    method: 'PATCH',
    path: 'embraassist/ia/feedback',
    group: 'embraassist',
    customerToken: 'optional',
    body: z.object({ id: z.string().min(1), feedback: z.enum(['POSITIVE', 'NEGATIVE']) }),
    answer: z.object({ id: z.string(), feedback: AssistantFeedback }),
  }),
};
