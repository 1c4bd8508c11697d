import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import type { AssistantConfig } from '../../../../back-office/index.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { ResolvedPartner } from '../../composition/partner.js';
import { AssistantConversations, CONVERSATION_TTL_MS, emptyConversation, type StoredConversation } from '../../storage/assistant-conversations.js';
import { ask, sendFeedback, type AssistantCaller } from './assistant-upstream.js';
import { conversationNode, MESSAGE_MAX_LENGTH, messagesView, suggestions } from './conversation-view.js';
import { cookiesOf } from '../../lib/cookies.js';

/** `app`: /embraassist, which knows a logged-in customer; `embed`: a partner's page, which never does. */
type Channel = 'app' | 'embed';

const LAYOUT: Record<Channel, string> = { app: 'assistente', embed: 'assistente-embed' };

const Message = z.object({
  mensagem: z.string('@assistente.erro.vazia').trim().min(1, '@assistente.erro.vazia').max(MESSAGE_MAX_LENGTH, '@assistente.erro.longa'),
  /** Chosen by the renderer per message and sent again on retry: a retried message is answered once. */
  chave: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
const Feedback = z.object({
  mensagem: z.string().min(1).max(200),
  feedback: z.enum(['POSITIVE', 'NEGATIVE'], '@assistente.erro.avaliacao-desconhecida'),
});

const COOKIE_ID = /^[A-Za-z0-9_-]{43}$/;

/** Messages that reach the assistant: per conversation and per client address, in a window (seconds). */
export const MESSAGE_LIMITS = { conversation: { max: 20, windowSeconds: 60 }, address: { max: 120, windowSeconds: 600 } } as const;

/**
 * The assistant (doc 2 §2.11, §3.9, §7): /embraassist, a public chat that also knows a logged-in
 * customer's selected quota, and /embraassist/embed for partners' pages (framed only by the origins
 * of the partner's configuration, and never reading a customer session). The conversation lives on
 * the server, keyed by the session or an anonymous cookie; each turn is one multipart
 * `embraassist/ia` call and answers the conversation component updated.
 */
export default async function assistantCapability(app: FastifyInstance) {
  const store = new AssistantConversations(app.db);
  const purge = setInterval(() => void store.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'assistant purge failed')), 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const texts = () => app.definitions.texts;
  const secure = app.config.secureCookies;
  const cookies: Record<Channel, { name: string; options: { secure: boolean; sameSite: 'lax' | 'none'; partitioned?: boolean } }> = {
    app: { name: secure ? '__Host-assistente' : 'assistente', options: { secure, sameSite: 'lax' } },
    // Inside a partner's page the cookie is third-party: SameSite=None, Secure (browsers accept it
    // from localhost too) and Partitioned (CHIPS: kept per embedding site, where third-party cookies are blocked).
    embed: { name: '__Host-assistente-embed', options: { secure: true, sameSite: 'none', partitioned: true } },
  };

  /** The customer session the chat may use: only on /embraassist, never embedded, never mid one-time code. */
  function sessionOf(request: FastifyRequest, channel: Channel) {
    const session = channel === 'app' ? request.session : null;
    return session && !session.data.mfa?.pending ? session : null;
  }

  /** Whose conversation this is: the session, else the anonymous cookie (created on the first message). */
  function ownerOf(request: FastifyRequest, reply: FastifyReply, channel: Channel, create: boolean): string | null {
    const session = sessionOf(request, channel);
    if (session) return `sessao:${session.id}`;
    const { name, options } = cookies[channel];
    let id = cookiesOf(request)[name];
    if (!id || !COOKIE_ID.test(id)) {
      if (!create) return null;
      id = randomBytes(32).toString('base64url');
      reply.setCookie(name, id, { httpOnly: true, path: '/', maxAge: CONVERSATION_TTL_MS / 1000, ...options });
    }
    return `${channel}:${id}`;
  }

  function callerOf(request: FastifyRequest, channel: Channel): AssistantCaller {
    return sessionOf(request, channel) ? { kind: 'customer', upstream: request.customerUpstream(), client: app.upstream } : { kind: 'anonymous', client: app.upstream };
  }

  function model(request: FastifyRequest, channel: Channel, conversation: StoredConversation) {
    const session = sessionOf(request, channel);
    const quota = session?.data.quota;
    return {
      mensagens: messagesView(conversation, texts()),
      sugestoes: suggestions(texts(), session ? 'cliente' : 'publico'),
      limite: MESSAGE_MAX_LENGTH,
      logado: session !== null,
      cota: quota ? `${quota.grupo}/${quota.cota}` : '',
    };
  }

  function replaced(request: FastifyRequest, channel: Channel, conversation: StoredConversation): ActionResult {
    const layout = app.definitions.layouts.get(LAYOUT[channel])!;
    return { kind: 'replace', node: conversationNode(layout.layout, model(request, channel, conversation), texts()) };
  }

  // One turn at a time per conversation in this process (a double tap never asks twice).
  const running = new Map<string, Promise<unknown>>();
  async function serially<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const before = running.get(owner) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(work);
    running.set(owner, mine);
    try {
      return await mine;
    } finally {
      if (running.get(owner) === mine) running.delete(owner);
    }
  }

  for (const channel of ['app', 'embed'] as const) {
    app.screens.register(LAYOUT[channel], async (ctx) => {
      const owner = ownerOf(ctx.request, ctx.reply, channel, false);
      const conversation = owner ? await store.get(owner) : emptyConversation();
      return model(ctx.request, channel, conversation);
    });

    app.actions.register(channel === 'app' ? 'assistant/message' : 'assistant/embed-message', {
      public: true,
      input: Message,
      handler: (input, { request, reply, partner }) => {
        const owner = ownerOf(request, reply, channel, true)!;
        return serially(owner, () => turn(request, channel, partner, owner, input));
      },
    });
    app.actions.register(channel === 'app' ? 'assistant/feedback' : 'assistant/embed-feedback', {
      public: true,
      input: Feedback,
      handler: (input, { request, reply }) => {
        const owner = ownerOf(request, reply, channel, false);
        if (!owner) return Promise.resolve(refused('assistente.erro.avaliacao-desconhecida'));
        return serially(owner, () => rate(request, channel, owner, input));
      },
    });
  }

  function refused(key: string, field = 'feedback'): ActionResult {
    const message = app.text(key);
    return { kind: 'field-errors', errors: { [field]: message }, message };
  }

  async function turn(request: FastifyRequest, channel: Channel, partner: ResolvedPartner, owner: string, input: z.output<typeof Message>): Promise<ActionResult> {
    const conversation = await store.get(owner);
    // A retry of a message already answered (the answer was lost on the way): nothing is asked again.
    if (conversation.keys.includes(input.chave)) return replaced(request, channel, conversation);
    // A public chat calls the back office for anyone: bursts are refused before they reach it.
    const perConversation = await app.counters.hit(`assistente:conversa:${createHash('sha256').update(owner).digest('hex')}`, MESSAGE_LIMITS.conversation.windowSeconds);
    const perAddress = await app.counters.hit(`assistente:endereco:${request.ip}`, MESSAGE_LIMITS.address.windowSeconds);
    if (perConversation > MESSAGE_LIMITS.conversation.max || perAddress > MESSAGE_LIMITS.address.max) return refused('assistente.erro.muitas-mensagens', 'mensagem');
    const config: AssistantConfig = { idParceiro: partner.partner.id, canal: channel, idioma: 'pt-BR' };
    const caller = callerOf(request, channel);
    let reply;
    try {
      reply = await ask(caller, config, input.mensagem, conversation.conversationId).catch((err: unknown) => {
        // The upstream forgot the conversation (expired): start a new one once.
        if (err instanceof UpstreamError && err.notFound && conversation.conversationId) return ask(caller, config, input.mensagem, null);
        throw err;
      });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      request.log.warn({ status: err.status, code: err.code }, 'assistant did not answer');
      return { kind: 'error', title: app.text('erro.titulo'), message: app.text('assistente.erro.indisponivel'), retry: true };
    }
    conversation.conversationId = reply.conversationId;
    conversation.messages.push(
      { id: `u-${input.chave}`, role: 'user', content: input.mensagem },
      { id: reply.id, role: 'assistant', content: reply.text, analyticsId: reply.analyticsId, feedback: 'DEFAULT' },
    );
    conversation.keys.push(input.chave);
    await store.save(owner, conversation);
    return replaced(request, channel, conversation);
  }

  async function rate(request: FastifyRequest, channel: Channel, owner: string, input: z.output<typeof Feedback>): Promise<ActionResult> {
    const conversation = await store.get(owner);
    const message = conversation.messages.find((m) => m.id === input.mensagem && m.role === 'assistant' && m.analyticsId);
    if (!message?.analyticsId) return refused('assistente.erro.avaliacao-desconhecida');
    if (message.feedback && message.feedback !== 'DEFAULT') return refused('assistente.erro.avaliacao-repetida');
    try {
      await sendFeedback(callerOf(request, channel), message.analyticsId, input.feedback);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      if (err.status !== 409) return refused('assistente.erro.avaliacao-falhou');
      // The back office already holds a feedback for it: it is not sent again.
    }
    message.feedback = input.feedback;
    await store.save(owner, conversation);
    return replaced(request, channel, conversation);
  }
}
