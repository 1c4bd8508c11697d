import supertest from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

beforeEach(async () => {
  await stack.sandbox.clearFaults();
  await stack.sandbox.clearCalls();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const conversationOf = (doc: any) => findAll(doc.layout, (n) => n.type === 'conversation')[0];
const assistantCalls = async () => (await stack.sandbox.calls()).filter((c) => c.path.startsWith('embraassist/'));
let seq = 0;
const key = () => `chave-${Date.now()}-${++seq}`;

describe('POST /api/actions/assistant/message', () => {
  it('asks embraassist/ia as multipart with config, conversation and, from the second turn, conversationId, each JSON', async () => {
    const c = client(stack.baseUrl);
    const first = await c.action('assistant/message', { mensagem: 'Como emito a segunda via do boleto?', chave: key() });
    expect(first.body.kind).toBe('replace');
    expect(first.body.node.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(first.body.node.messages[1]).toMatchObject({ feedback: 'DEFAULT', content: expect.stringContaining('Gerar boleto') });
    await c.action('assistant/message', { mensagem: 'Até quando posso ofertar um lance?', chave: key() });

    const calls = (await assistantCalls()) as Array<{ method: string; contentType?: string; tokenSent?: boolean; body?: Record<string, string> }>;
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.method).toBe('POST');
      expect(call.contentType).toBe('multipart/form-data');
      expect(call.tokenSent).toBe(false);
      expect(JSON.parse(call.body!.config!)).toEqual({ idParceiro: 1, canal: 'app', idioma: 'pt-BR' });
    }
    expect(JSON.parse(calls[0]!.body!.conversation!)).toEqual({ messages: [{ role: 'user', content: 'Como emito a segunda via do boleto?' }] });
    expect(calls[0]!.body!.conversationId).toBeUndefined();
    expect(JSON.parse(calls[1]!.body!.conversationId!)).toMatch(/^conv_/);
  });

  it('keeps the conversation on the server across a reload, and never lets another visitor read it', async () => {
    const c = client(stack.baseUrl);
    await c.action('assistant/message', { mensagem: 'Esqueci minha senha, o que faço?', chave: key() });
    const again = await c.screen('/embraassist');
    expect(conversationOf(again.body).messages.map((m: { content: string }) => m.content)[0]).toBe('Esqueci minha senha, o que faço?');
    expect(conversationOf(again.body).suggestions.length).toBeGreaterThan(0);

    const stranger = client(stack.baseUrl);
    expect(conversationOf((await stranger.screen('/embraassist')).body).messages).toEqual([]);
  });

  it.each([
    ['an empty message', '   ', 'Escreva sua mensagem antes de enviar.'],
    ['a message over 2 000 characters', 'a'.repeat(2001), 'Sua mensagem passou de 2.000 caracteres. Resuma a pergunta e envie de novo.'],
  ])('refuses %s with a Portuguese message and sends nothing upstream', async (_name, mensagem, message) => {
    const res = await client(stack.baseUrl).action('assistant/message', { mensagem, chave: key() });
    expect(res.body).toEqual({ kind: 'field-errors', errors: { mensagem: message } });
    expect(await assistantCalls()).toEqual([]);
  });

  it('answers a retry of a message already answered without asking again', async () => {
    const c = client(stack.baseUrl);
    const chave = key();
    await c.action('assistant/message', { mensagem: 'Como altero meu e-mail?', chave });
    const retry = await c.action('assistant/message', { mensagem: 'Como altero meu e-mail?', chave });
    expect(retry.body.kind).toBe('replace');
    expect(retry.body.node.messages).toHaveLength(2);
    expect(await assistantCalls()).toHaveLength(1);
  });

  it('answers an error with a retry when the assistant fails, and keeps nothing of the failed turn', async () => {
    const c = client(stack.baseUrl);
    await stack.sandbox.fault({ method: 'POST', path: 'embraassist/ia', status: 503, times: 1 });
    const res = await c.action('assistant/message', { mensagem: 'Como sei se fui contemplado?', chave: key() });
    expect(res.body).toMatchObject({ kind: 'error', retry: true, message: 'O assistente não respondeu agora. Toque em Tentar novamente para reenviar sua mensagem.' });
    expect(conversationOf((await c.screen('/embraassist')).body).messages).toEqual([]);
  });

  it('refuses a burst of messages in one conversation before it reaches the assistant, keeping the message to send again', async () => {
    const c = client(stack.baseUrl);
    for (let i = 0; i < 20; i++) expect((await c.action('assistant/message', { mensagem: `Pergunta ${i}`, chave: key() })).body.kind).toBe('replace');
    await stack.sandbox.clearCalls();
    const refused = await c.action('assistant/message', { mensagem: 'Mais uma pergunta', chave: key() });
    expect(refused.body).toMatchObject({ kind: 'field-errors', message: 'Você enviou muitas mensagens em pouco tempo. Aguarde um minuto e envie de novo.' });
    expect(await assistantCalls()).toEqual([]);
  });

  it('answers a logged-in customer about her own quota, sending her quota token', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const screen = await c.screen('/embraassist');
    expect(findAll(screen.body.layout, (n) => n.type === 'text' && /001234\/0567/.test(n.text))).toHaveLength(1);
    const res = await c.action('assistant/message', { mensagem: 'quando vence meu boleto?', chave: key() });
    expect(res.body.node.messages[1].content).toMatch(/cota 001234\/0567, vence em \d{2}\/\d{2}\/\d{4}/);
    const [call] = (await assistantCalls()) as Array<{ tokenSent?: boolean }>;
    expect(call?.tokenSent).toBe(true);
  });
});

describe('a customer whose tokens cannot be renewed', () => {
  it('still gets an answer, as a visitor would, instead of an error (the assistant page logs nobody out)', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await c.action('assistant/message', { mensagem: 'quando vence meu boleto?', chave: key() });
    await stack.sandbox.advanceClock(13 * 3600);
    try {
      const res = await c.action('assistant/message', { mensagem: 'quando vence meu boleto?', chave: key() });
      expect(res.body.kind).toBe('replace');
      expect(res.body.node.messages.at(-1).content).toMatch(/entre no aplicativo e pergunte de novo\.$/);
    } finally {
      await stack.sandbox.advanceClock(-13 * 3600);
    }
  });
});

describe('POST /api/actions/assistant/feedback', () => {
  it('sends the feedback once with the analytics id, and refuses it a second time or for an unknown answer', async () => {
    const c = client(stack.baseUrl);
    const turn = await c.action('assistant/message', { mensagem: 'Posso pagar parcelas adiantadas?', chave: key() });
    const answer = turn.body.node.messages[1];
    await stack.sandbox.clearCalls();

    const rated = await c.action('assistant/feedback', { mensagem: answer.id, feedback: 'POSITIVE' });
    expect(rated.body.node.messages[1].feedback).toBe('POSITIVE');
    const calls = await assistantCalls();
    expect(calls).toEqual([expect.objectContaining({ method: 'PATCH', path: 'embraassist/ia/feedback', body: { id: expect.stringMatching(/^ana_/), feedback: 'POSITIVE' } })]);

    const twice = await c.action('assistant/feedback', { mensagem: answer.id, feedback: 'NEGATIVE' });
    expect(twice.body).toMatchObject({ kind: 'field-errors', message: 'Você já avaliou esta resposta.' });
    const unknown = await c.action('assistant/feedback', { mensagem: 'msg_nao_existe', feedback: 'NEGATIVE' });
    expect(unknown.body).toMatchObject({ kind: 'field-errors', message: 'Não encontramos esta resposta para avaliar.' });
    // Another visitor cannot rate this one's answer.
    const stranger = await client(stack.baseUrl).action('assistant/feedback', { mensagem: answer.id, feedback: 'NEGATIVE' });
    expect(stranger.body).toMatchObject({ kind: 'field-errors', message: 'Não encontramos esta resposta para avaliar.' });
    expect(await assistantCalls()).toHaveLength(1);
  });
});

describe('the embedded chat', () => {
  it('never sees the customer session, and only the partner’s allowlisted origins may frame it', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const screen = await c.screen('/embraassist/embed');
    expect(findAll(screen.body.layout, (n) => n.type === 'text' && /001234/.test(n.text))).toEqual([]);
    const res = await c.action('assistant/embed-message', { mensagem: 'quando vence meu boleto?', chave: key() });
    expect(res.body.node.messages[1].content).not.toMatch(/001234/);
    const [call] = (await assistantCalls()) as Array<{ tokenSent?: boolean; body?: Record<string, string> }>;
    expect(call?.tokenSent).toBe(false);
    expect(JSON.parse(call!.body!.config!).canal).toBe('embed');

    const aurora = await supertest(stack.baseUrl).get('/embraassist/embed');
    expect(String(aurora.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const horizonte = await supertest(stack.baseUrl).get('/embraassist/embed').set('host', `horizonte.localhost:${stack.port}`);
    expect(String(horizonte.headers['content-security-policy'])).toContain('frame-ancestors https://portal.horizonte.example');
  });
});
