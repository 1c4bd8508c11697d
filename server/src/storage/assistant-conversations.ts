import { createHash } from 'node:crypto';
import type { Database } from './database.js';

/** One message of a stored conversation (doc 2 §3.9: id, content, role, analyticsId, feedback). */
export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** The upstream's analytics id of an answer: what feedback is sent with. */
  analyticsId?: string | undefined;
  feedback?: 'DEFAULT' | 'POSITIVE' | 'NEGATIVE' | undefined;
}

export interface StoredConversation {
  /** The upstream's conversation id, once the first answer named it. */
  conversationId: string | null;
  messages: StoredMessage[];
  /** Keys of the messages already answered (a retry of one of them is not sent again), newest last. */
  keys: string[];
}

/** How long an idle conversation is kept. */
export const CONVERSATION_TTL_MS = 24 * 60 * 60_000;
/** Messages kept per conversation (the oldest go first) and answered keys remembered. */
const MAX_MESSAGES = 200;
const MAX_KEYS = 50;

export const emptyConversation = (): StoredConversation => ({ conversationId: null, messages: [], keys: [] });

/**
 * The assistant's conversations, kept on the server by an owner key — a customer session or an
 * anonymous cookie, never an id the browser chose — stored hashed, so the table holds no session id.
 */
export class AssistantConversations {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(owner: string): string {
    return createHash('sha256').update(owner).digest('hex');
  }

  async get(owner: string): Promise<StoredConversation> {
    const rows = await this.db.query<{ data: StoredConversation | string }>('SELECT data FROM assistant_conversations WHERE key = $1 AND expires_at > $2', [
      AssistantConversations.key(owner),
      new Date(this.now()),
    ]);
    const row = rows[0];
    if (!row) return emptyConversation();
    return typeof row.data === 'string' ? (JSON.parse(row.data) as StoredConversation) : row.data;
  }

  async save(owner: string, conversation: StoredConversation): Promise<void> {
    const trimmed: StoredConversation = {
      conversationId: conversation.conversationId,
      messages: conversation.messages.slice(-MAX_MESSAGES),
      keys: conversation.keys.slice(-MAX_KEYS),
    };
    await this.db.query(
      `INSERT INTO assistant_conversations (key, data, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
      [AssistantConversations.key(owner), JSON.stringify(trimmed), new Date(this.now() + CONVERSATION_TTL_MS)],
    );
  }

  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM assistant_conversations WHERE expires_at <= $1', [new Date(this.now())]);
  }
}
