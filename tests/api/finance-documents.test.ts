import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

type Client = Awaited<ReturnType<typeof as>>;

async function pdf(c: Client, href: string) {
  const res = await c.agent.get(href).buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return { status: res.status, type: res.headers['content-type'], head: (res.body as Buffer).subarray(0, 5).toString() };
}

const downloads = (body: { layout: unknown[] }) => findAll(body.layout as never[], (n) => n.type === 'button' && n.action?.type === 'download').map((n) => n.action.href as string);

describe('finance', () => {
  it('shows ana’s credit, balance and instalments; a quota not contemplated says in words that it has no available values', async () => {
    const c = await as('ana');
    const text = screenText((await c.screen('/financeiro')).body);
    expect(text).toContain('Crédito: R$ 85.000,00');
    expect(text).toContain('Saldo devedor: R$ 61.204,18');
    expect(text).toContain('Parcelas pagas: 12');
    expect(text).not.toContain('—');
    expect(text).not.toContain('Valor a pagar');
    expect(text).not.toContain('Crédito corrigido');
    expect(text).toContain('O valor a pagar e o crédito corrigido aparecem aqui depois que a cota for contemplada.');
    const calls = await stack.sandbox.calls();
    expect(calls.some((call) => /^cotas\/\d+\/valor-disponivel$/.test(call.path))).toBe(true);
  });

  it('shows delta (contemplated) the available values', async () => {
    const c = await as('delta');
    const text = screenText((await c.screen('/financeiro')).body);
    expect(text).toMatch(/Valor a pagar: R\$ [\d.]+,\d{2}/);
    expect(text).toMatch(/Crédito corrigido: R\$ [\d.]+,\d{2}/);
    expect(text).not.toContain('depois que a cota for contemplada');
  });

  it('lists ana’s account statement and streams its PDF', async () => {
    const c = await as('ana');
    const screen = await c.screen('/financeiro/extrato-consorciado');
    const table = findAll(screen.body.layout, (n) => n.type === 'table')[0];
    expect(table.rows).toHaveLength(12);
    expect(table.rows[0][1]).toBe('Pagamento da parcela 12');
    expect(await pdf(c, downloads(screen.body)[0]!)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  });
});

describe('documents', () => {
  it('streams the registered contract as a real PDF, only with a session', async () => {
    const c = await as('ana');
    const [href] = downloads((await c.screen('/perfil/documentos/2viadecontrato')).body);
    expect(href).toBe('/api/arquivos/documentos/contrato');
    expect(await pdf(c, href!)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect((await client(stack.baseUrl).agent.get(href!)).status).toBe(401);
  });

  it('offers the current and previous group statements', async () => {
    const c = await as('ana');
    const screen = await c.screen('/perfil/documentos/demonstrativo');
    expect(screenText(screen.body)).toMatch(/Demonstrativo atual \(\d{2}\/\d{4}\)/);
    const hrefs = downloads(screen.body);
    expect(hrefs).toHaveLength(7);
    expect(await pdf(c, hrefs[3]!)).toMatchObject({ status: 200, head: '%PDF-' });
    expect((await c.agent.get('/api/arquivos/documentos/demonstrativo/bm90LWEtaGFzaA')).status).toBe(404);
  });

  it('offers the income-tax report by year and says so for a year without one', async () => {
    const c = await as('ana');
    const screen = await c.screen('/perfil/documentos/informe-ir');
    const hrefs = downloads(screen.body);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(await pdf(c, hrefs[0]!)).toMatchObject({ status: 200, head: '%PDF-' });
    expect(screenText((await c.screen('/perfil/documentos/informe-ir?ano=2001')).body)).toContain('Não há informe de rendimentos de 2001 para esta cota.');
    expect(screenText((await c.screen('/perfil/documentos/informe-ir?ano=abc')).body)).toContain('Não há informe de rendimentos de abc para esta cota.');
    const missing = await c.agent.get('/api/arquivos/documentos/informe-ir/2001');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Não há informe de rendimentos de 2001 para esta cota.');
  });

  it('gives ana her annual payment proof and tells ulisses (nothing paid) there is none', async () => {
    const ana = await as('ana');
    const proof = await ana.screen('/financeiro/pagamento-anual');
    expect(await pdf(ana, downloads(proof.body)[0]!)).toMatchObject({ status: 200, head: '%PDF-' });
    const ulisses = await as('ulisses');
    const none = await ulisses.screen('/perfil/documentos/comprovante-anual');
    expect(screenText(none.body)).toContain('Não há comprovante para ser gerado');
    expect(downloads(none.body)).toEqual([]);
  });
});
