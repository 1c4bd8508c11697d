import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localNow } from '../../domain/clock.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { serverTime } from '../../upstream/server-time.js';
import { documentsUpstream as docs } from './documents-upstream.js';
import { capitalise, formatMonth } from '../../domain/format.js';
import { registerDocumentsHub, STATEMENT_MONTHS } from './hub.js';
import { fileExists, serveQuotaFile } from './quota-files.js';

const Year = z.coerce.number().int().min(1990).max(2100);
const Hash = z.string().regex(/^[A-Za-z0-9_-]{4,128}$/);

interface FileLink {
  rotulo: string;
  /** The download's label, naming the document and its period. */
  baixar: string;
  href: string;
  nome: string;
}

/** 'MM/YYYY' → 'outubro de 2026' (as given when it is not a month). */
function monthWords(referencia: string): string {
  const m = /^(\d{2})\/(\d{4})$/.exec(referencia.trim());
  return m ? formatMonth(`${m[2]}-${m[1]}`) : referencia;
}

/**
 * Documents: the hub of every document (/perfil/documentos, hub.ts) and one screen per document
 * (/perfil/documentos/…: registered contract, group statement current and previous, income-tax
 * report by year, annual payment proof — also /financeiro/pagamento-anual) whose loader picks the
 * document by route; every file is streamed under /api/arquivos/documentos with the session.
 */
export default async function documents(app: FastifyInstance) {
  const text = app.text;

  serveQuotaFile(app, '/api/arquivos/documentos/contrato', z.object({}), (u, id) => docs.contract(u, id), () => 'contrato.pdf');
  serveQuotaFile(app, '/api/arquivos/documentos/demonstrativo/:hash', z.object({ hash: Hash }), (u, id, p) => docs.statementPdf(u, id, p.hash), () => 'demonstrativo.pdf');
  serveQuotaFile(app, '/api/arquivos/documentos/informe-ir/:ano', z.object({ ano: Year }), (u, id, p) => docs.taxReportPdf(u, id, p.ano), (p) => `informe-rendimentos-${p.ano}.pdf`);
  serveQuotaFile(app, '/api/arquivos/documentos/comprovante-anual/:ano', z.object({ ano: Year }), (u, id, p) => docs.annualProofPdf(u, id, p.ano), (p) => `comprovante-pagamentos-${p.ano}.pdf`);
  serveQuotaFile(app, '/api/arquivos/documentos/extrato', z.object({}), (u, id) => docs.accountStatementPdf(u, id), () => 'extrato.pdf');

  const link = (rotulo: string, baixar: string, href: string, nome: string): FileLink => ({ rotulo, baixar, href, nome });

  registerDocumentsHub(app);

  app.screens.register('documentos', async (ctx) => {
    const upstream = ctx.upstream!;
    const idCota = upstream.session.data.quota!.idCota;
    const base = { nativo: inNativeWrapper(ctx.request), mensagem: '', anos: [] as Array<{ rotulo: string; destino: string }>, arquivos: [] as FileLink[] };
    switch (ctx.route.path) {
      case '/perfil/documentos/2viadecontrato':
        return { ...base, titulo: text('documentos.contrato-titulo'), texto: text('documentos.contrato-texto'), arquivos: [link(text('documentos.baixar-contrato'), text('documentos.central.baixar-contrato'), '/api/arquivos/documentos/contrato', 'contrato.pdf')] };

      case '/perfil/documentos/demonstrativo': {
        const current = await docs.currentStatement(upstream, idCota);
        const previous = await Promise.all(
          Array.from({ length: STATEMENT_MONTHS - 1 }, (_, i) =>
            docs.previousStatement(upstream, idCota, i + 1).catch((err: unknown) => {
              if (err instanceof UpstreamError && err.notFound) return null;
              throw err;
            }),
          ),
        );
        const statements = [current, ...previous.filter((s): s is NonNullable<typeof s> => s !== null)];
        return {
          ...base,
          titulo: text('documentos.demonstrativo-titulo'),
          texto: text('documentos.demonstrativo-texto'),
          arquivos: statements.map((s, i) => {
            const words = monthWords(s.referencia);
            return link(capitalise(text(i === 0 ? 'documentos.demonstrativo-atual' : 'documentos.demonstrativo-anterior', { referencia: words })), text('documentos.central.baixar-demonstrativo', { periodo: words }), `/api/arquivos/documentos/demonstrativo/${s.hash}`, `demonstrativo-${s.referencia.replace('/', '-')}.pdf`);
          }),
        };
      }

      case '/perfil/documentos/informe-ir': {
        const { anos } = await docs.taxYears(upstream, idCota);
        const wanted = ctx.query.get('ano');
        const titled = { ...base, titulo: text('documentos.informe-titulo'), texto: text('documentos.informe-texto') };
        if (wanted !== null) {
          const year = Year.safeParse(wanted);
          if (!year.success || !anos.includes(year.data)) return { ...titled, mensagem: text('documentos.informe-sem-ano', { ano: wanted.slice(0, 8) }), anos: anos.map((a) => ({ rotulo: String(a), destino: `/perfil/documentos/informe-ir?ano=${a}` })) };
          return { ...titled, arquivos: [link(text('documentos.baixar-informe', { ano: year.data }), text('documentos.central.baixar-informe', { ano: year.data }), `/api/arquivos/documentos/informe-ir/${year.data}`, `informe-rendimentos-${year.data}.pdf`)] };
        }
        if (anos.length === 0) return { ...titled, mensagem: text('documentos.informe-nenhum') };
        return { ...titled, arquivos: anos.map((a) => link(text('documentos.baixar-informe', { ano: a }), text('documentos.central.baixar-informe', { ano: a }), `/api/arquivos/documentos/informe-ir/${a}`, `informe-rendimentos-${a}.pdf`)) };
      }

      default: {
        // Annual payment proof (/perfil/documentos/comprovante-anual, /financeiro/pagamento-anual).
        const thisYear = Number(localNow(await serverTime(upstream)).slice(0, 4));
        const years = [thisYear - 1, thisYear - 2, thisYear];
        const parsed = Year.safeParse(ctx.query.get('ano') ?? thisYear - 1);
        const year = parsed.success ? parsed.data : thisYear - 1;
        const exists = await fileExists(() => docs.annualProofPdf(upstream, idCota, year));
        return {
          ...base,
          titulo: text('documentos.comprovante-titulo'),
          texto: text('documentos.comprovante-texto', { ano: year }),
          anos: years.filter((y) => y !== year).map((y) => ({ rotulo: String(y), destino: `${ctx.route.path}?ano=${y}` })),
          mensagem: exists ? '' : text('documentos.comprovante-nenhum'),
          arquivos: exists ? [link(text('documentos.baixar-comprovante', { ano: year }), text('documentos.central.baixar-comprovante', { ano: year }), `/api/arquivos/documentos/comprovante-anual/${year}`, `comprovante-pagamentos-${year}.pdf`)] : [],
        };
      }
    }
  });
}
