import { describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { loadConfig } from '../../server/src/config.js';
import { openAsSpreadsheet } from '../helpers/spreadsheet.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A console where every publish needs a second person (OPS_REQUIRE_APPROVAL). */
const stack = useStack({ OPS_REQUIRE_APPROVAL: 'true', FLOWS_POLL_MS: '500' });

async function staff(login: string, _senha: string) {
  return signedInStaff(stack.baseUrl, login);
}
const publisher = () => staff('operacao', 'operacao-sandbox');
const approver = () => staff('aprovacao', 'aprovacao-sandbox');

async function draftRefund(c: ReturnType<typeof client>, target: string) {
  const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen')) as unknown as { rows: Array<{ then: unknown }> };
  table.rows[1]!.then = target;
  expect((await c.action('ops/draft', { id: 'refund-screen', conteudo: JSON.stringify(table) })).body.kind).toBe('navigate');
}
const refundOutcome = () => stack.app.flows.decide('refund-screen', { status: 'NAO_INICIADO' }).outcome;

/** The row of request `id` in the requests page's table. */
function requestRow(page: { layout: unknown[] }, id: number) {
  const [table] = findAll(page.layout as never, (n) => n.type === 'data-table' && n.id === 'pedidos');
  return table.rows.find((r: { id: string }) => r.id === `pedido-${id}`);
}

describe('operations console safety', () => {
  it('asks the embedded database for due requests only while one waits, and again once one is added', async () => {
    const query = vi.spyOn(stack.app.db, 'query');
    const claims = () => query.mock.calls.filter(([sql]) => /UPDATE ops_requests SET status = 'running'/.test(String(sql))).length;
    try {
      // Nothing waits: four ticks of 500 ms ask nothing (the start's first look may fall among them).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(claims()).toBeLessThanOrEqual(1);
      const maria = await publisher();
      await draftRefund(maria, '/devolucao/filiais');
      const asked = await maria.action('ops/publish', { comentario: 'Aguarda a aprovação' });
      const seen = claims();
      await expect.poll(claims, { timeout: 5_000, interval: 100 }).toBeGreaterThanOrEqual(seen + 2);
      const id = Number(/#(\d+)/.exec(asked.body.message)![1]);
      expect((await maria.action('ops/cancelar', { pedido: id })).body.message).toBe(`Pedido #${id} cancelado.`);
    } finally {
      query.mockRestore();
    }
  });

  it('makes a publish wait for a second person with the approver role; the author cannot approve it', async () => {
    const maria = await publisher();
    const before = stack.app.flows.version;
    await draftRefund(maria, '/devolucao/filiais');
    const asked = await maria.action('ops/publish', { comentario: 'Filiais primeiro' });
    expect(asked.body).toMatchObject({ kind: 'snackbar', to: '/ops/pedidos' });
    expect(asked.body.message).toMatch(/^Pedido #(\d+) aguarda a aprovação de outra pessoa\.$/);
    const id = Number(/#(\d+)/.exec(asked.body.message)![1]);
    expect(stack.app.flows.version).toBe(before);

    expect((await maria.action('ops/aprovar', { pedido: id })).body.message).toBe('Só o perfil de aprovação aprova publicações.');
    const joao = await approver();
    const page = await joao.screen('/ops/pedidos');
    const row = requestRow(page.body, id);
    expect(row.actions.map((a: { accessibleName: string }) => a.accessibleName)).toEqual([`Ver diferenças do pedido #${id}`, `Aprovar o pedido #${id}`, `Cancelar o pedido #${id}`]);
    expect(row.actions[1]).toMatchObject({ label: 'Aprovar', action: { type: 'submit', action: 'ops/aprovar', payload: { pedido: id } } });
    const diff = await joao.screen(row.actions[0].action.to);
    expect(findAll(diff.body.layout, (n) => n.id === 'diferencas')[0].label).toBe(`Diferenças do pedido #${id} — Filiais primeiro`);
    expect(screenText(diff.body)).toContain('refund-screen.json.rows[1].then');
    const approved = await joao.action('ops/aprovar', { pedido: id });
    expect(approved.body.message).toBe(`Versão v${before + 1} publicada.`);
    expect(refundOutcome()).toBe('/devolucao/filiais');
    expect((await stack.app.flows.history())[0]).toMatchObject({ author: 'operacao', approvedBy: 'aprovacao', comment: 'Filiais primeiro' });
    const history = await joao.screen('/ops/historico');
    const version = findAll(history.body.layout, (n) => n.type === 'data-table')[0].rows.find((r: { id: string }) => r.id === `versao-${before + 1}`);
    expect(version.cells).toEqual([`v${before + 1} (em serviço)`, 'Filiais primeiro', 'operacao', 'aprovacao', expect.stringMatching(/^\d\d\/\d\d\/\d{4} às \d\d:\d\d$/), 'console']);
    const done = requestRow((await joao.screen('/ops/pedidos')).body, id);
    expect(done.cells.at(-1)).toBe(`publicado como v${before + 1}`);
    expect(done.actions.map((a: { label: string }) => a.label)).toEqual(['Ver diferenças']);
    expect((await joao.action('ops/aprovar', { pedido: id })).body.message).toBe('Este pedido não está mais pendente.');
  });

  it('an approver cannot approve their own request', async () => {
    const joao = await approver();
    await draftRefund(joao, '/devolucao/introducao');
    const asked = await joao.action('ops/publish', { comentario: 'Volta à introdução' });
    const id = Number(/#(\d+)/.exec(asked.body.message)![1]);
    expect((await joao.action('ops/aprovar', { pedido: id })).body.message).toBe('Outra pessoa precisa aprovar: você fez este pedido.');
    expect((await joao.action('ops/cancelar', { pedido: id })).body.message).toBe(`Pedido #${id} cancelado.`);
    // A cancelled request is in one state: cancelled, no longer waiting for anyone.
    const row = requestRow((await joao.screen('/ops/pedidos')).body, id);
    expect(row.cells.at(-1)).toBe('cancelado');
    expect(row.cells.join(' ')).not.toMatch(/aguardando aprovação|publicar assim que aprovado/);
    expect(row.actions.map((a: { label: string }) => a.label)).toEqual(['Ver diferenças']);
  });

  it('schedules a publish at a date and time in Brasília, refuses one in the past, and publishes it when due once approved', async () => {
    const maria = await publisher();
    await draftRefund(maria, '/devolucao/introducao');
    const past = await maria.action('ops/publish', { comentario: 'ontem', agendar: '2020-01-01 10:00' });
    expect(past.body.errors).toEqual({ agendar: 'Escolha uma data e hora no futuro (horário de Brasília).' });
    const garbage = await maria.action('ops/publish', { comentario: 'x', agendar: 'amanhã cedo' });
    expect(garbage.body.errors.agendar).toMatch(/AAAA-MM-DD HH:MM/);

    const at = dayjs().tz('America/Sao_Paulo').add(2, 'minute').format('YYYY-MM-DD HH:mm');
    const shown = `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} às ${at.slice(11)}`;
    const scheduled = await maria.action('ops/publish', { comentario: 'Na hora marcada', agendar: at });
    expect(scheduled.body.message).toMatch(new RegExp(`aguarda a aprovação de outra pessoa para ${shown} \\(horário de Brasília\\)`));
    const id = Number(/#(\d+)/.exec(scheduled.body.message)![1]);
    const joao = await approver();
    expect((await joao.action('ops/aprovar', { pedido: id })).body.message).toBe(`Pedido #${id} aprovado; será publicado em ${shown} (horário de Brasília).`);
    const before = stack.app.flows.version;
    // Time passes: the request becomes due (moved into the past in the store) and one instance publishes it.
    await stack.app.db.query("UPDATE ops_requests SET run_at = now() - interval '1 second' WHERE id = $1", [id]);
    await expect.poll(() => stack.app.flows.version, { timeout: 5_000, interval: 100 }).toBe(before + 1);
    expect(refundOutcome()).toBe('/devolucao/introducao');
    const done = screenText((await maria.screen('/ops/pedidos')).body);
    expect(done).toContain(`publicado como v${before + 1}`);
    expect(done).not.toContain('publicado: publicado');
  });

  it('exports the audit with author, time, comment and diff; only to staff', async () => {
    expect((await consoleClient(stack.baseUrl).get('/api/ops/auditoria.csv')).status).toBe(401);
    const res = await (await approver()).get('/api/ops/auditoria.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const csv = res.text;
    // Opened as a spreadsheet in Brazilian Portuguese opens it: columns at `;`, times DD/MM/AAAA HH:mm it reads as dates.
    const rows = openAsSpreadsheet(csv);
    expect(Object.keys(rows[0]!)).toEqual(['registro', 'versao_ou_pedido', 'autor', 'aprovado_por', 'quando_brasilia', 'origem_ou_situacao', 'agendado_para', 'comentario', 'diferencas']);
    expect(rows.find((r) => r.registro === 'versão' && r.versao_ou_pedido === '1')).toMatchObject({ autor: 'servidor', aprovado_por: '', origem_ou_situacao: 'implantação' });
    // The version published through an approval: its author and its approver, each in their column.
    const approved = rows.find((r) => r.registro === 'versão' && r.comentario === 'Filiais primeiro')!;
    expect(approved).toMatchObject({ autor: 'operacao', aprovado_por: 'aprovacao', origem_ou_situacao: 'console' });
    expect(approved.quando_brasilia).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(approved.diferencas).toContain('refund-screen.json.rows[1].then');
    // Every request's state in Portuguese: published as, waiting, scheduled, cancelled.
    const states = rows.filter((r) => r.registro === 'pedido').map((r) => r.origem_ou_situacao);
    expect(states).toContain(`publicado como v${approved.versao_ou_pedido}`);
    expect(states).toContain('cancelado');
    for (const state of states) expect(state).toMatch(/^(aguardando aprovação|agendado|pendente|publicando|publicado como v\d+|cancelado|recusado(: .+)?)$/);
    expect(csv).not.toMatch(/\b(done|pending|cancelled|refused|running|deploy|rollback)\b/);
  });

  it('ends the console session after 15 idle minutes, and every request moves the end', async () => {
    const c = await publisher();
    await c.screen('/ops');
    const [row] = await stack.app.db.query<{ minutes: number }>("SELECT extract(epoch FROM max(expires_at) - now()) / 60 AS minutes FROM staff_sessions");
    expect(Number(row!.minutes)).toBeGreaterThan(14.5);
    expect(Number(row!.minutes)).toBeLessThanOrEqual(15);
    await stack.app.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second'");
    expect((await c.screen('/ops')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops/entrar' });
  });

  it('production refuses the sandbox staff accounts', () => {
    const production = { APP_ENV: 'production', UPSTREAM_URL: 'https://api.example', OPS_USERS: 'aprovacao:aprovacao-sandbox:approver' };
    expect(() => loadConfig(production)).toThrow(/OPS_USERS|sandbox/i);
  });
});
