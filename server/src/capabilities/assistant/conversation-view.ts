import type { ComponentNode } from '../../../../screens/contract/index.js';
import { fillTemplate, type Texts } from '../../composition/template.js';
import type { StoredConversation } from '../../storage/assistant-conversations.js';

/** A message's length limit (characters), the composer's and the server's. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The layouts' id of the conversation component, replaced after each turn. */
export const CONVERSATION_ID = 'conversa';

/** The messages as the conversation component shows them; feedback only on answers that can be rated. */
export function messagesView(conversation: StoredConversation, texts: Texts) {
  return conversation.messages.map((m) => ({
    id: m.id,
    role: m.role,
    author: texts[m.role === 'user' ? 'assistente.autor.voce' : 'assistente.autor.assistente'] ?? '',
    content: m.content,
    ...(m.role === 'assistant' && m.analyticsId ? { feedback: m.feedback ?? 'DEFAULT' } : {}),
  }));
}

/** The suggested questions, in order: every text `assistente.sugestao.<audience>.<n>`. */
export function suggestions(texts: Texts, audience: 'cliente' | 'publico'): string[] {
  const prefix = `assistente.sugestao.${audience}.`;
  return Object.keys(texts)
    .filter((k) => k.startsWith(prefix))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    .map((k) => texts[k]!);
}

/** The node with `id` anywhere in a layout (inside cards and lists too). */
export function findNode(nodes: readonly unknown[], id: string): unknown {
  for (const node of nodes) {
    if (!node || typeof node !== 'object') continue;
    if ((node as { id?: unknown }).id === id) return node;
    const items = (node as { items?: unknown }).items;
    if (Array.isArray(items)) {
      const found = findNode(items, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** The conversation component of a layout, filled with a view model: what a turn answers as `replace`. */
export function conversationNode(layout: readonly unknown[], model: Record<string, unknown>, texts: Texts): ComponentNode {
  const template = findNode(layout, CONVERSATION_ID);
  if (!template) throw new Error(`layout has no component "${CONVERSATION_ID}"`);
  return fillTemplate(template, model, texts) as ComponentNode;
}
