import type { FastifyInstance } from 'fastify';
import { localNow } from '../../domain/clock.js';
import { capitalise, formatDate, formatFileSize, formatMonth, quotaLabel } from '../../domain/format.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { serverTime } from '../../upstream/server-time.js';
import { documentsUpstream as docs, openFile, quotaFiles, type QuotaFile } from './documents-upstream.js';
import { fileSize } from './quota-files.js';

/** Months of group statements listed: the current one and the six before it. */
export const STATEMENT_MONTHS = 7;
/** Years listed for the income-tax report (closed years) and the annual payment proof. */
const YEARS = 3;

/** One line of the hub: a document of a period, its size and its one download, or why there is none. */
interface Line {
  periodo: string;
  detalhe: string;
  baixar?: { rotulo: string; href: string; nome: string };
}

/** 'MM/YYYY' (a statement's referencia) → 'YYYY-MM'; anything else → null. */
function monthOf(referencia: string): string | null {
  const m = /^(\d{2})\/(\d{4})$/.exec(referencia.trim());
  return m ? `${m[2]}-${m[1]}` : null;
}

/** `YYYY-MM` moved back `months` months. */
function monthsBefore(isoMonth: string, months: number): string {
  const [year, month] = isoMonth.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const notFoundToNull = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((err: unknown) => {
    if (err instanceof UpstreamError && err.notFound) return null;
    throw err;
  });

/**
 * The documents hub (/perfil/documentos), reached from the home's "Documentos" and from /perfil:
 * the registered contract, the group statements by month, the income-tax report and the annual
 * payment proof by year, and the customer's statement — each line with its period, its size and
 * one download named for the document and the period; a month or year without a file says so
 * instead of offering one. Sizes come from the back office (HEAD of each file, in parallel).
 */
export function registerDocumentsHub(app: FastifyInstance): void {
  const text = app.text;

  /** A line for a file that may not exist: its download and size, or the sentence for its absence. */
  async function line(upstream: CustomerUpstream, file: QuotaFile, periodo: string, baixar: NonNullable<Line['baixar']>, absent: string): Promise<Line> {
    const bytes = await fileSize((method) => openFile(upstream, file, method));
    if (bytes === null) return { periodo, detalhe: absent };
    return { periodo, detalhe: text('documentos.central.tamanho', { tamanho: formatFileSize(bytes) }), baixar };
  }

  async function statements(upstream: CustomerUpstream, idCota: number): Promise<Line[]> {
    const current = await docs.currentStatement(upstream, idCota);
    const currentMonth = monthOf(current.referencia);
    const previous = await Promise.all(Array.from({ length: STATEMENT_MONTHS - 1 }, (_, i) => notFoundToNull(docs.previousStatement(upstream, idCota, i + 1))));
    return Promise.all(
      [current, ...previous].map((statement, back) => {
        const month = (statement && monthOf(statement.referencia)) ?? (currentMonth ? monthsBefore(currentMonth, back) : null);
        const words = month ? formatMonth(month) : (statement?.referencia ?? '');
        const periodo = capitalise(words);
        if (!statement) return { periodo, detalhe: text('documentos.central.demonstrativo-nenhum') };
        return line(
          upstream,
          quotaFiles.statement(idCota, statement.hash),
          periodo,
          { rotulo: text('documentos.central.baixar-demonstrativo', { periodo: words }), href: `/api/arquivos/documentos/demonstrativo/${statement.hash}`, nome: `demonstrativo-${month ?? back}.pdf` },
          text('documentos.central.demonstrativo-nenhum'),
        );
      }),
    );
  }

  async function taxReports(upstream: CustomerUpstream, idCota: number, thisYear: number): Promise<Line[]> {
    const { anos } = await docs.taxYears(upstream, idCota);
    const closed = Array.from({ length: YEARS }, (_, i) => thisYear - 1 - i);
    const years = [...new Set([...anos.filter((y) => y < thisYear), ...closed])].sort((a, b) => b - a);
    return Promise.all(
      years.map((year) => {
        const periodo = text('documentos.central.ano-calendario', { ano: year });
        const absent = text('documentos.central.informe-nenhum');
        if (!anos.includes(year)) return { periodo, detalhe: absent };
        return line(upstream, quotaFiles.taxReport(idCota, year), periodo, { rotulo: text('documentos.central.baixar-informe', { ano: year }), href: `/api/arquivos/documentos/informe-ir/${year}`, nome: `informe-rendimentos-${year}.pdf` }, absent);
      }),
    );
  }

  function annualProofs(upstream: CustomerUpstream, idCota: number, thisYear: number): Promise<Line[]> {
    return Promise.all(
      Array.from({ length: YEARS }, (_, i) => thisYear - i).map((year) =>
        line(
          upstream,
          quotaFiles.annualProof(idCota, year),
          text(year === thisYear ? 'documentos.central.pagamentos-ano-atual' : 'documentos.central.pagamentos-ano', { ano: year }),
          { rotulo: text('documentos.central.baixar-comprovante', { ano: year }), href: `/api/arquivos/documentos/comprovante-anual/${year}`, nome: `comprovante-pagamentos-${year}.pdf` },
          text('documentos.comprovante-nenhum'),
        ),
      ),
    );
  }

  app.screens.register('documentos-central', async (ctx) => {
    const upstream = ctx.upstream!;
    const quota = upstream.session.data.quota!;
    const idCota = quota.idCota;
    const today = localNow(await serverTime(upstream)).slice(0, 10);
    const thisYear = Number(today.slice(0, 4));
    const cota = quotaLabel(quota.grupo, quota.cota);
    const [contrato, demonstrativos, informes, comprovantes, extrato] = await Promise.all([
      line(upstream, quotaFiles.contract(idCota), cota, { rotulo: text('documentos.central.baixar-contrato'), href: '/api/arquivos/documentos/contrato', nome: 'contrato.pdf' }, text('documentos.nao-encontrado')),
      statements(upstream, idCota),
      taxReports(upstream, idCota, thisYear),
      annualProofs(upstream, idCota, thisYear),
      line(upstream, quotaFiles.accountStatement(idCota), text('documentos.central.lancamentos-ate', { data: formatDate(today) }), { rotulo: text('documentos.central.baixar-extrato'), href: '/api/arquivos/documentos/extrato', nome: 'extrato.pdf' }, text('documentos.nao-encontrado')),
    ]);
    return { cota, contrato: [contrato], demonstrativos, informes, comprovantes, extrato: [extrato] };
  });
}
