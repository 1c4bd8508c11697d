import { describe, expect, it } from 'vitest';
import { PORTFOLIO } from '../../sandbox/src/state/portfolio.js';
import { client } from '../helpers/api-client.js';
import { allPersonas, persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack({ ANALYTICS_FLUSH_MS: '0' });

const TABLES = ['analytics_steps', 'analytics_refusals', 'analytics_durations', 'analytics_parts'];

/** The session id a login set (the cookie's value). */
const sessionOf = (res: { headers: Record<string, unknown> }) => String((res.headers['set-cookie'] as string[])[0]).split(';')[0]!.split('=')[1]!;

describe('what reaches the analytics tables', () => {
  it('holds counts and durations only: no column could hold a person', async () => {
    const columns = await stack.app.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_name = ANY($1) ORDER BY table_name, ordinal_position`,
      [TABLES],
    );
    const byTable = Object.fromEntries(TABLES.map((t) => [t, columns.filter((c) => c.table_name === t).map((c) => c.column_name)]));
    const place = ['day', 'flow', 'step', 'version', 'partner', 'platform'];
    expect(byTable).toEqual({
      analytics_steps: [...place, 'arrivals', 'completions', 'upstream_failures'],
      analytics_refusals: [...place, 'field', 'reason', 'count'],
      analytics_durations: [...place, 'bucket', 'count'],
      analytics_parts: [...place, 'part', 'reason', 'count'],
    });
  });

  it('keeps no CPF or CNPJ, name, e-mail, session id or quota number of the personas, even when a refusal’s message carries them', async () => {
    const sessions: string[] = [];
    const as = async (key: string) => {
      const c = client(stack.baseUrl);
      sessions.push(sessionOf(await c.login(key)));
      await c.selectFirstQuota(key);
      return c;
    };

    // A back-office refusal that names ana, her CPF, e-mail, group and quota.
    const ana = await as('ana');
    const p = PORTFOLIO.ana!;
    await ana.screen('/offers-and-bids?passo=type');
    await ana.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: '20.000,00' });
    const message = `${p.nome} (CPF 661.157.509-03, ${p.email}) não pode ofertar na cota ${p.quotas[0]!.cota} do grupo ${p.quotas[0]!.grupo}.`;
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', status: 400, times: 1, body: { message } });
    expect((await ana.action('bids/confirm')).body).toMatchObject({ kind: 'error', message });
    await stack.sandbox.clearFaults();

    // Bank data typed with someone else's CPF, an e-mail typed with a name, wrong passwords with a CPF.
    await stack.sandbox.reset();
    const nina = await as('nina');
    await nina.action('cash-billing/start', { confirmaTipo: true });
    await nina.action('cash-billing/bank-data', { banco: '341', agencia: '1234', conta: '123456', tipoConta: 'CORRENTE', titularDocumento: persona('ana').document });
    const igor = await as('igor');
    await igor.screen('/pos-venda/dados-cadastrais-edicao');
    await igor.action('post-sale/contact', { email: 'igor nascimento araujo', telefone: '8598777' });
    await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: persona('bruno').document, senha: '000000' });
    await stack.app.analytics.flush();

    const rows = (await Promise.all(TABLES.map((t) => stack.app.db.query(`SELECT * FROM ${t}`)))).flat();
    const refusals = await stack.app.db.query<{ field: string; reason: string }>('SELECT field, reason FROM analytics_refusals');
    expect(refusals.map((r) => r.reason)).toContain('… (CPF #, (e-mail)) não pode ofertar na cota # do grupo #.');
    const dump = JSON.stringify(rows).toLowerCase();
    const texts = JSON.stringify(rows.map((r) => [r.flow, r.step, r.field, r.reason])).toLowerCase();

    for (const person of allPersonas()) {
      const seed = PORTFOLIO[person.key];
      expect(dump).not.toContain(person.document);
      if (!seed) continue;
      expect(texts).not.toContain(seed.nome.toLowerCase());
      expect(texts).not.toContain(seed.email.toLowerCase());
      for (const quota of seed.quotas) {
        expect(texts).not.toContain(quota.grupo);
        expect(texts).not.toContain(quota.cota);
      }
    }
    for (const word of [...p.nome.split(' '), 'igor', 'nascimento', 'araujo']) expect(texts).not.toMatch(new RegExp(`\\b${word.toLowerCase()}\\b`));
    expect(texts).not.toMatch(/\d{3}\.\d{3}\.\d{3}/);
    for (const sid of sessions) expect(dump).not.toContain(sid.toLowerCase());
    // Every reason kept is the message's fixed wording, never a number.
    for (const r of refusals) expect(r.reason).not.toMatch(/\d/);
  });
});
