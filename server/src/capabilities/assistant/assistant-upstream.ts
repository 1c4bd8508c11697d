import { assistant, type AssistantAnswer, type AssistantConfig } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { type UpstreamClient } from '../../upstream/client.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { AppError } from '../../errors.js';

/**
 * Who calls the assistant: a logged-in customer (the session's token goes along, the quota's when
 * one is selected, so the answer can be about it) or nobody (the public and the embedded chat).
 */
export type AssistantCaller = { kind: 'customer'; upstream: CustomerUpstream; client: UpstreamClient } | { kind: 'anonymous'; client: UpstreamClient };

/** The customer's token was refused and could not be renewed. */
const tokenLost = (err: unknown) => (err instanceof UpstreamError && err.tokenExpired) || (err instanceof AppError && err.code === 'session.expired');

export interface AssistantReply {
  id: string;
  role: 'assistant';
  text: string;
  analyticsId: string;
  conversationId: string;
}

/** The answer as doc 2 §3.9 reads it: output[0] (id, content[0].text, role) and metadata (analyticsId, conversationId). */
export function readAnswer(answer: AssistantAnswer): AssistantReply {
  const first = answer.output[0]!;
  return { id: first.id, role: first.role, text: first.content[0]!.text, analyticsId: answer.metadata.analyticsId, conversationId: answer.metadata.conversationId };
}

/** POST embraassist/ia (doc 2 §7): multipart with config, conversation and, after the first turn, conversationId. */
export async function ask(caller: AssistantCaller, config: AssistantConfig, text: string, conversationId: string | null): Promise<AssistantReply> {
  const parts = { config, conversation: { messages: [{ role: 'user' as const, content: text }] }, ...(conversationId ? { conversationId } : {}) };
  if (caller.kind === 'anonymous') return readAnswer(await caller.client.request(assistant.ask, { parts }));
  try {
    return readAnswer(await caller.upstream.request(assistant.ask, { parts, scope: caller.upstream.session.data.quota ? 'quota' : 'customer' }));
  } catch (err) {
    // The assistant page never logs anyone out (doc 1 §8): without a valid token it answers as to a visitor.
    if (!tokenLost(err)) throw err;
    return readAnswer(await caller.client.request(assistant.ask, { parts: { ...parts, conversationId: undefined } }));
  }
}

/** PATCH embraassist/ia/feedback (doc 2 §7): the answer's analytics id and POSITIVE or NEGATIVE. */
export async function sendFeedback(caller: AssistantCaller, analyticsId: string, feedback: 'POSITIVE' | 'NEGATIVE'): Promise<void> {
  const json = { id: analyticsId, feedback };
  if (caller.kind === 'anonymous') {
    await caller.client.request(assistant.feedback, { json });
    return;
  }
  try {
    await caller.upstream.request(assistant.feedback, { json });
  } catch (err) {
    if (!tokenLost(err)) throw err;
    await caller.client.request(assistant.feedback, { json });
  }
}
