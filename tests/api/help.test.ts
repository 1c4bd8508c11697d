import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function ana() {
  const c = client(stack.baseUrl);
  await c.loginWithQuota('ana');
  return c;
}

describe('help centre (/ajuda)', () => {
  it('lists the partner’s FAQ categories from faq/topics/{partner}', async () => {
    const c = await ana();
    const res = await c.screen('/ajuda');
    expect(res.body).toMatchObject({ kind: 'screen', screen: 'ajuda' });
    const text = screenText(res.body);
    expect(text).toContain('Boletos e pagamentos');
    expect(text).toContain('Lances e contemplação');
    expect(findAll(res.body.layout, (n) => n.id === 'categoria-1')[0].action.action).toEqual({ type: 'navigate', to: '/ajuda/1' });
    expect((await stack.sandbox.calls()).some((call) => call.method === 'GET' && call.path === 'faq/topics/1')).toBe(true);
  });

  it('shows partner Horizonte its own categories', async () => {
    const c = client(stack.baseUrl, `horizonte.localhost:${stack.port}`);
    await c.loginWithQuota('marcos');
    const text = screenText((await c.screen('/ajuda')).body);
    expect(text).toContain('Transferência de cota');
    expect(text).not.toContain('Boletos e pagamentos');
  });

  it('pages a category 10 questions at a time (faq/search with category and offset)', async () => {
    const c = await ana();
    const first = await c.screen('/ajuda/1');
    expect(first.body.screen).toBe('ajuda-categoria');
    expect(findAll(first.body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('pergunta-'))).toHaveLength(10);
    expect(screenText(first.body)).toContain('Boletos e pagamentos');
    const next = findAll(first.body.layout, (n) => n.label === 'Próxima página')[0];
    expect(next.action.to).toBe('/ajuda/1?pagina=2');
    const second = await c.screen('/ajuda/1?pagina=2');
    expect(findAll(second.body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('pergunta-'))).toHaveLength(1);
    const searches = (await stack.sandbox.calls()).filter((call) => call.path === 'faq/search/1');
    expect(searches.at(-1)?.body).toMatchObject({ category: 1, offset: 10, id_cota: expect.any(Number) });
  });

  it('answers an unknown or malformed category with “Categoria não encontrada”, never an error', async () => {
    const c = await ana();
    for (const path of ['/ajuda/999', '/ajuda/abc', '/ajuda/-1']) {
      const res = await c.screen(path);
      expect(res.status).toBe(200);
      expect(res.body.screen).toBe('ajuda-categoria');
      expect(screenText(res.body)).toContain('Categoria não encontrada');
    }
  });

  it('searches by text, 10 per page, and refuses a search too short with a message', async () => {
    const c = await ana();
    const res = await c.screen('/ajuda/busca?q=boleto');
    expect(res.body.screen).toBe('ajuda-busca');
    expect(screenText(res.body)).toMatch(/\d+ resultados para “boleto”/);
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'faq/search/1').at(-1)?.body).toMatchObject({ question: 'boleto', offset: 0 });
    expect(screenText((await c.screen('/ajuda/busca?q=xyzwq')).body)).toContain('Não encontramos perguntas para essa busca.');
    expect(screenText((await c.screen('/ajuda/busca?q=a')).body)).toContain('Digite pelo menos 2 caracteres para buscar.');
    expect((await c.action('help/search', { q: 'a' })).body).toEqual({ kind: 'field-errors', errors: { q: 'Digite pelo menos 2 caracteres para buscar.' } });
    expect((await c.action('help/search', { q: 'segunda via' })).body).toEqual({ kind: 'navigate', to: '/ajuda/busca?q=segunda%20via' });
  });

  it('opens a question by category and question_url, and an unknown one says so', async () => {
    const c = await ana();
    const res = await c.screen('/ajuda/1/como-emito-a-segunda-via-do-boleto');
    expect(res.body.screen).toBe('ajuda-pergunta');
    expect(screenText(res.body)).toContain('Como emito a segunda via do boleto?');
    expect(screenText(res.body)).toContain('Esta resposta foi útil?');
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'faq/search/1').at(-1)?.body).toMatchObject({ category: 1, question_url: 'como-emito-a-segunda-via-do-boleto' });
    expect(screenText((await c.screen('/ajuda/1/nao-existe')).body)).toContain('Pergunta não encontrada');
    expect(screenText((await c.screen('/ajuda/1/1')).body)).toContain('Pergunta não encontrada');
  });

  it('records “was this helpful” (faq/feedback) and the question remembers it', async () => {
    const c = await ana();
    const page = await c.screen('/ajuda/1/paguei-o-boleto-quando-a-parcela-aparece-como-paga');
    const yes = findAll(page.body.layout, (n) => n.type === 'button' && n.label === 'Sim')[0];
    expect(yes.action.optimistic).toEqual({ id: 'feedback', text: 'Obrigado! Você achou esta resposta útil.' });
    const sent = await c.action(yes.action.action, yes.action.payload);
    expect(sent.body).toEqual({ kind: 'snackbar', message: 'Obrigado pela sua avaliação!' });
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'faq/feedback').at(-1)?.body).toMatchObject({ is_helpful: true, question_id: 102, id_cota: expect.any(Number) });
    const after = await c.screen('/ajuda/1/paguei-o-boleto-quando-a-parcela-aparece-como-paga');
    expect(screenText(after.body)).toContain('Obrigado! Você achou esta resposta útil.');
    expect(findAll(after.body.layout, (n) => n.type === 'button' && n.label === 'Sim')).toHaveLength(0);
  });

  it('reverts the feedback with a message when sending fails (sandbox fault)', async () => {
    const c = await ana();
    await stack.sandbox.fault({ method: 'POST', path: 'faq/feedback', status: 503, times: 1 });
    const failed = await c.action('help/feedback', { question_id: 103, is_helpful: false });
    expect(failed.body).toEqual({ kind: 'error', title: 'Ops ;)', message: 'Não foi possível enviar sua avaliação agora. Tente novamente mais tarde.' });
    const page = await c.screen('/ajuda/1/posso-unificar-parcelas-de-mais-de-uma-cota');
    expect(findAll(page.body.layout, (n) => n.type === 'button' && n.label === 'Não')).toHaveLength(1);
    expect(screenText(page.body)).not.toContain('Obrigado pelo retorno!');
    expect((await c.action('help/feedback', { question_id: 'x', is_helpful: 'talvez' })).body.kind).toBe('field-errors');
  });
});
