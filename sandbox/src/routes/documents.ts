import { documents } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../http.js';
import { renderPdf, type PdfContent } from '../pdf.js';
import { pathQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord } from '../state/store.js';

const money = (n: number) => `R$ ${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const br = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Statements and documents (spec doc 1 §7 "Statements and documents") and the quota's finance:
 * registered contract, group statement (current and previous), income-tax report by year,
 * annual payment proof, account statement and available values. Every file is a real PDF.
 */
export default async function documentRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const own = (request: Parameters<typeof pathQuota>[1], reply: FastifyReply) => pathQuota(state, request, reply);

  /** Due dates of the paid instalments, newest first: monthly, before the first open one. */
  function paidDates(quota: QuotaRecord): string[] {
    const open = state.billing.openOf(quota.idCota).map((i) => i.venceEmDias);
    const first = open.length ? Math.min(...open) : 15;
    return Array.from({ length: quota.parcelasPagas }, (_, j) => state.clock.monthsAway(-(j + 1), first));
  }

  function instalmentValue(quota: QuotaRecord): number {
    return Math.round((quota.valorBem / quota.prazoMeses) * 1.18 * 100) / 100;
  }

  function paidIn(quota: QuotaRecord, year: number): string[] {
    return paidDates(quota).filter((d) => Number(d.slice(0, 4)) === year);
  }

  async function pdf(reply: FastifyReply, name: string, content: PdfContent) {
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(await renderPdf(content));
  }

  const header = (quota: QuotaRecord): Array<[string, string]> => [
    ['Consorciado', state.customers.get(quota.owner)!.nome],
    ['Grupo / cota / versão', `${quota.grupo} / ${quota.cota} / ${quota.versao}`],
  ];

  app.get('/cotas/:id/contrato-registrado', async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    return pdf(reply, `contrato-${quota.grupo}-${quota.cota}`, {
      title: 'Contrato de participação em grupo de consórcio (2ª via)',
      rows: [...header(quota), ['Crédito contratado', money(quota.valorBem)], ['Prazo', `${quota.prazoMeses} meses`]],
      notes: ['Contrato registrado conforme a Lei 11.795/2008 e a Resolução BCB 285/2023.'],
    });
  });

  /** Monthly group statements: `x` months back (0 = current); hash = quota and month. */
  function statement(quota: QuotaRecord, back: number) {
    const month = state.clock.monthsAway(-back).slice(0, 7);
    return { hash: Buffer.from(`${quota.idCota}:${month}`).toString('base64url'), referencia: `${month.slice(5, 7)}/${month.slice(0, 4)}`, assembleia: Math.max(0, quota.assembleiaAtual - back) };
  }

  serve(app, documents.currentStatement, async (request, reply) => {
    const quota = own(request, reply);
    return quota ? statement(quota, 0) : reply;
  });

  serve(app, documents.previousStatement, async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    const back = Number((request.params as { x: string }).x);
    if (!Number.isInteger(back) || back < 1 || back > Math.min(12, quota.assembleiaAtual)) return notFound(reply, 'Demonstrativo não encontrado.');
    return statement(quota, back);
  });

  app.get('/cotas/:id/demonstrativo/imprimir/:hash', async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    const [id, month] = Buffer.from((request.params as { hash: string }).hash, 'base64url').toString().split(':');
    if (Number(id) !== quota.idCota || !/^\d{4}-\d{2}$/.test(month ?? '')) return notFound(reply, 'Demonstrativo não encontrado.');
    return pdf(reply, `demonstrativo-${month}`, {
      title: `Demonstrativo do grupo — ${month!.slice(5)}/${month!.slice(0, 4)}`,
      rows: [...header(quota), ['Parcelas pagas', String(quota.parcelasPagas)], ['Saldo devedor', money(quota.valorSaldoDevedor)]],
    });
  });

  /** Income-tax reports exist for the closed years with payments. */
  function taxYears(quota: QuotaRecord): number[] {
    const current = Number(state.clock.day().slice(0, 4));
    return [...new Set(paidDates(quota).map((d) => Number(d.slice(0, 4))))].filter((y) => y < current).sort((a, b) => b - a);
  }

  serve(app, documents.taxYears, async (request, reply) => {
    const quota = own(request, reply);
    return quota ? { anos: taxYears(quota) } : reply;
  });

  app.get('/cotas/:id/informe-anual-rendimentos/imprimir/:year', async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    const year = Number((request.params as { year: string }).year);
    if (!taxYears(quota).includes(year)) return notFound(reply, `Não há informe de rendimentos de ${year} para esta cota.`);
    const paid = paidIn(quota, year);
    return pdf(reply, `informe-rendimentos-${year}`, {
      title: `Informe anual de rendimentos — ano-calendário ${year}`,
      rows: [...header(quota), ['Parcelas pagas no ano', String(paid.length)], ['Total pago no ano', money(paid.length * instalmentValue(quota))]],
    });
  });

  app.get('/cotas/:id/comprovante-pagamentos', async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    const year = Number((request.query as { ano?: string }).ano ?? Number(state.clock.day().slice(0, 4)) - 1);
    const paid = Number.isInteger(year) ? paidIn(quota, year) : [];
    if (paid.length === 0) return notFound(reply, 'Não há comprovante para ser gerado');
    return pdf(reply, `comprovante-pagamentos-${year}`, {
      title: `Comprovante anual de pagamentos — ${year}`,
      rows: [...header(quota), ...paid.map((d, i): [string, string] => [`Pagamento ${i + 1}`, `${br(d)} · ${money(instalmentValue(quota))}`])],
    });
  });

  function statementLines(quota: QuotaRecord) {
    const value = instalmentValue(quota);
    return paidDates(quota)
      .slice(0, 12)
      .map((d, j) => ({ data: d, descricao: `Pagamento da parcela ${quota.parcelasPagas - j}`, valor: value, tipo: 'C' as const }));
  }

  serve(app, documents.accountStatement, async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    const paidTotal = Math.round(quota.parcelasPagas * instalmentValue(quota) * 100) / 100;
    return {
      lancamentos: statementLines(quota),
      totalPago: paidTotal,
      percentualPago: Math.round((quota.parcelasPagas / quota.prazoMeses) * 10_000) / 100,
      saldoDevedor: quota.valorSaldoDevedor,
    };
  });

  app.get('/cotas/:id/extrato/imprimir', async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    return pdf(reply, `extrato-${quota.grupo}-${quota.cota}`, {
      title: 'Extrato do consorciado',
      rows: [...header(quota), ...statementLines(quota).map((l): [string, string] => [br(l.data), `${l.descricao} · ${money(l.valor)}`])],
    });
  });

  serve(app, documents.availableValues, async (request, reply) => {
    const quota = own(request, reply);
    if (!quota) return reply;
    if (quota.contempladaHaDias === undefined) return notFound(reply, 'Cota não contemplada: não há valores disponíveis.');
    return { VlrAPagar: Math.round(quota.valorBem * 0.97 * 100) / 100, VlrCreditoCorrigido: Math.round(quota.valorBem * 1.04 * 100) / 100 };
  });
}
