import { afterAll, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { brazilian, daysBetween, HARD_DATES, monthBefore, monthsAway, morningOf, nextDay, todayInBrasilia } from '../helpers/hard-dates.js';
import { useStack } from '../helpers/stack.js';

/**
 * What the customer reads of dates — statements by month, reports by year, the assemblies'
 * calendar, due dates, the refund's business days, a 24-hour lockout — on each of the hard days
 * and on today, so that a date bug fails before the day it would bite.
 */
const stack = useStack();

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const BR_DATE = /\d{2}\/\d{2}\/\d{4}/g;
const iso = (br: string) => br.split('/').reverse().join('-');

const DAYS = [...HARD_DATES, { day: todayInBrasilia(), why: 'today', nextBusinessDay: undefined }];

afterAll(async () => stack.sandbox.reset());

describe.each(DAYS)('on $day ($why)', ({ day, nextBusinessDay }) => {
  const year = Number(day.slice(0, 4));

  async function at(persona: string) {
    await stack.sandbox.reset();
    await stack.sandbox.setClock(morningOf(day));
    return as(persona);
  }

  type Line = { period: string; label?: string };
  const lines = (body: { layout: unknown[] }, section: string): Line[] =>
    findAll(body.layout as never[], (n) => n.type === 'list' && n.label === section)[0].items.map((card: { items: Array<{ label: string }> }) => ({ period: card.items[0]!.label, label: card.items[1]?.label }));

  it('offers the statements of this month and the six before it, one each, and the reports of closed years', async () => {
    const hub = (await (await at('ana')).screen('/perfil/documentos')).body;
    const statements = lines(hub, 'Demonstrativo do grupo');
    const months = [0, 1, 2, 3, 4, 5, 6].map((back) => monthBefore(day, back));
    expect(statements.map((l) => l.period)).toEqual(months.map(capitalised));
    expect(statements.map((l) => l.label)).toEqual(months.map((m) => `Baixar demonstrativo de ${m}`));

    const reports = lines(hub, 'Informe de rendimentos').map((l) => l.period);
    expect(reports).toEqual([year - 1, year - 2, year - 3].map((y) => `Ano-calendário ${y}`));
    const proofs = lines(hub, 'Comprovante anual de pagamentos').map((l) => l.period);
    expect(proofs).toEqual([`Pagamentos de ${year}, até hoje`, `Pagamentos de ${year - 1}`, `Pagamentos de ${year - 2}`]);
    expect(screenText(hub)).toContain(`Lançamentos até ${brazilian(day)}`);
  });

  it('holds the assemblies a calendar month apart and counts the days to the next', async () => {
    const text = screenText((await (await at('ana')).screen('/assembleias')).body);
    const [next, previous] = [...text.matchAll(/(\d+)ª assembleia, em (\d{2}\/\d{2}\/\d{4})/g)].map((m) => ({ numero: Number(m[1]), day: iso(m[2]!) }));
    expect(next!.numero).toBe(previous!.numero + 1);
    expect(previous!.day).toBe(monthsAway(next!.day, -1));
    const left = daysBetween(day, next!.day);
    expect(left).toBeGreaterThan(0);
    expect(text).toContain(left === 1 ? 'Falta 1 dia.' : `Faltam ${left} dias.`);
  });

  it('lists the open instalments by due date, the first still to come', async () => {
    const text = screenText((await (await at('ana')).screen('/boletos')).body);
    const dues = [...text.matchAll(BR_DATE)].map((m) => iso(m[0]));
    expect(dues.length).toBeGreaterThan(0);
    expect([...dues].sort()).toEqual(dues);
    expect(dues[0]! > day).toBe(true);
  });

  it('offers the refund payment from the next business day on', async () => {
    await stack.sandbox.reset();
    await stack.sandbox.setClock(morningOf(day));
    await stack.sandbox.setRefund('gustavo', { status: 'NAO_INICIADO' });
    const c = await as('gustavo');
    await c.action('refund/bank-data', { titularDocumento: '642.576.744-82', banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE' });
    await stack.sandbox.setRefund('gustavo', { status: 'DOCUMENTO_APROVADO' });
    const screen = (await c.screen('/devolucao/documento-aprovado')).body;
    const first = iso(findAll(screen.layout, (n) => n.type === 'form')[0].formData.dataDevolucao);
    if (nextBusinessDay) expect(first).toBe(nextBusinessDay);
    expect(first > day).toBe(true);
    const weekday = new Date(`${first}T12:00:00Z`).getUTCDay();
    expect([0, 6]).not.toContain(weekday);
    // A day before the first is refused, the first accepted.
    expect((await c.action('refund/schedule', { dataDevolucao: brazilian(day) })).body.errors?.dataDevolucao).toMatch(/^Escolha um dia útil entre /);
    expect((await c.action('refund/schedule', { dataDevolucao: brazilian(first) })).body).toEqual({ kind: 'navigate', to: '/devolucao/pagamento-programado' });
  });

  it('locks the notification method until the same minute of the next day', async () => {
    const c = await at('ana');
    expect((await c.action('notifications/preference-save', { formaEnvio: 'SMS' })).body.kind).toBe('snackbar');
    const locked = (await c.screen('/notifications/preferencias')).body;
    expect(findAll(locked.layout, (n) => n.id === 'ultima-alteracao')[0].text).toBe(`Última alteração em ${brazilian(day)} às 10:00.`);
    expect(findAll(locked.layout, (n) => n.id === 'bloqueio')[0].text).toBe(`Você poderá alterar a forma de envio novamente a partir de ${brazilian(nextDay(day))} às 10:00.`);
  });
});
