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
    expect(screenText(screen.body)).toMatch(/Demonstrativo atual \([a-zç]+ de \d{4}\)/);
    const hrefs = downloads(screen.body);
    expect(hrefs).toHaveLength(7);
    // One download per statement, each named for its month (not seven identical “Baixar PDF”).
    const labels = findAll(screen.body.layout, (n) => n.type === 'button' && n.action?.type === 'download').map((n) => n.label as string);
    expect(new Set(labels).size).toBe(7);
    for (const label of labels) expect(label).toMatch(/^Baixar demonstrativo de [a-zç]+ de \d{4}$/);
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

describe('the documents hub (/perfil/documentos)', () => {
  type Line = { period: string; detail: string; download?: { label: string; href: string } };
  /** The lines of one section (the list named by its title): period, detail, and the download if any. */
  const lines = (body: { layout: unknown[] }, section: string): Line[] =>
    findAll(body.layout as never[], (n) => n.type === 'list' && n.label === section)[0].items.map((card: { items: Array<{ type: string; label: string; text: string; action?: { href: string } }> }) => {
      const [value, button] = card.items;
      return { period: value!.label, detail: value!.text, ...(button ? { download: { label: button.label, href: button.action!.href } } : {}) };
    });

  it('is where the home’s “Documentos” and /perfil lead', async () => {
    const c = await as('ana');
    const home = await c.screen('/home');
    expect(findAll(home.body.layout, (n) => n.type === 'shortcuts').flatMap((n) => n.links).find((l: { label: string }) => l.label === 'Documentos').action.to).toBe('/perfil/documentos');
    const perfil = await c.screen('/perfil');
    expect(findAll(perfil.body.layout, (n) => n.id === 'documentos')[0].action.to).toBe('/perfil/documentos');
    expect(findAll((await c.screen('/financeiro')).body.layout, (n) => n.label === 'Demonstrativos e outros documentos')[0].action.to).toBe('/perfil/documentos');
  });

  it('lists every document of ana’s quota by period, with its size and one download named for document and period', async () => {
    await stack.sandbox.setClock('2026-11-20T13:00:00.000Z');
    const c = await as('ana');
    const hub = (await c.screen('/perfil/documentos')).body;
    expect(hub.screen).toBe('documentos-central');

    const contract = lines(hub, '2ª via do contrato');
    expect(contract).toEqual([{ period: 'Grupo 001234 · Cota 0567', detail: expect.stringMatching(/^PDF, \d+ (KB|bytes)$/), download: { label: 'Baixar contrato registrado', href: '/api/arquivos/documentos/contrato' } }]);

    const statements = lines(hub, 'Demonstrativo do grupo');
    expect(statements).toHaveLength(7);
    for (const line of statements) {
      expect(line.period).toMatch(/^[A-ZÇ][a-zç]+ de \d{4}$/);
      expect(line.detail).toMatch(/^PDF, \d+ (KB|bytes)$/);
      expect(line.download!.label).toBe(`Baixar demonstrativo de ${line.period.toLowerCase()}`);
    }
    expect(await pdf(c, statements[1]!.download!.href)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    const reports = lines(hub, 'Informe de rendimentos');
    expect(reports.map((l) => l.period)).toEqual(['Ano-calendário 2025', 'Ano-calendário 2024', 'Ano-calendário 2023']);
    expect(reports[0]!.download).toEqual({ label: 'Baixar informe de rendimentos de 2025', href: '/api/arquivos/documentos/informe-ir/2025' });
    // A year without a report says so; nothing to download.
    expect(reports[2]).toEqual({ period: 'Ano-calendário 2023', detail: 'Não há informe deste ano.' });

    const proofs = lines(hub, 'Comprovante anual de pagamentos');
    expect(proofs.map((l) => l.period)).toEqual(['Pagamentos de 2026, até hoje', 'Pagamentos de 2025', 'Pagamentos de 2024']);
    expect(proofs[1]!.download!.label).toBe('Baixar comprovante de pagamentos de 2025');
    expect(proofs[2]).toEqual({ period: 'Pagamentos de 2024', detail: 'Não há comprovante para ser gerado' });

    const statement = lines(hub, 'Extrato do consorciado');
    expect(statement).toEqual([{ period: expect.stringMatching(/^Lançamentos até \d{2}\/\d{2}\/\d{4}$/), detail: expect.stringMatching(/^PDF, /), download: { label: 'Baixar extrato do consorciado', href: '/api/arquivos/documentos/extrato' } }]);

    // The size shown is the file's.
    const [, kb] = /(\d+) KB/.exec(statements[0]!.detail) ?? [];
    const bytes = (await c.agent.get(statements[0]!.download!.href).buffer(true)).headers['content-length'];
    if (kb) expect(Math.round(Number(bytes) / 1024)).toBe(Number(kb));
    await stack.sandbox.reset();
  });

  it('says a month has no statement instead of offering an empty file', async () => {
    const c = await as('ana');
    await c.screen('/perfil/documentos');
    const second = (await stack.sandbox.calls()).map((call) => call.path).find((p) => /demonstrativo-anterior\/2$/.test(p))!;
    await stack.sandbox.fault({ method: 'GET', path: second, status: 404, times: 1, body: { message: 'Demonstrativo não encontrado.' } });
    const statements = lines((await c.screen('/perfil/documentos')).body, 'Demonstrativo do grupo');
    expect(statements).toHaveLength(7);
    expect(statements[2]).toEqual({ period: statements[2]!.period, detail: 'Não há demonstrativo deste mês.' });
    expect(statements[2]!.period).toMatch(/^[A-ZÇ][a-zç]+ de \d{4}$/);
    expect(statements.filter((l) => l.download)).toHaveLength(6);
    await stack.sandbox.clearFaults();
  });
});
