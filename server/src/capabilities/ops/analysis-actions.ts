import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { analyse, analysisHref, readQuery } from './analysis.js';
import { analysisCsv } from './analysis-csv.js';
import { consoleText } from './console-texts.js';
import { staffAction } from './staff-action.js';
import { ROLES_FOR } from './staff.js';

const text40 = z.union([z.string().trim().max(40), z.number()]).optional();
const AnalysisFilters = z.object({ fluxo: text40, periodo: text40, de: text40, ate: text40, parceiro: text40, plataforma: text40 });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The analysis page's actions: its filters and its comparison become the page's address; its
 * figures as CSV (the same filters, staff only); the gallery's example answer.
 */
export function analysisActions(app: FastifyInstance): void {
  /**
   * The filters as the page's address; a day not written AAAA-MM-DD, a single day or a period not
   * offered is refused next to its field. A partner or platform not listed means all of them.
   */
  function filtersHref(input: z.output<typeof AnalysisFilters>, extra: Record<string, string | number | undefined> = {}): ActionResult {
    const errors: Record<string, string> = {};
    const day = (value: unknown) => typeof value === 'string' && DAY.test(value) && dayjs(value).isValid() && dayjs(value).format('YYYY-MM-DD') === value;
    for (const key of ['de', 'ate'] as const) if (input[key] !== undefined && input[key] !== '' && !day(input[key])) errors[key] = consoleText('ops.erro.data');
    if (!errors.de && !errors.ate && Boolean(input.de) !== Boolean(input.ate)) errors[input.de ? 'ate' : 'de'] = consoleText('ops.erro.duas-datas');
    if (input.periodo !== undefined && input.periodo !== '' && !['7', '30', '90', '395'].includes(String(input.periodo))) errors.periodo = consoleText('ops.erro.periodo');
    if (Object.keys(errors).length) return { kind: 'field-errors', errors };
    const query = readQuery(new URLSearchParams(Object.entries({ ...input, ...extra }).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)] as [string, string]]))));
    return { kind: 'navigate', to: analysisHref(query) };
  }

  staffAction(app, 'analise-filtros', AnalysisFilters, async (input) => filtersHref(input));

  staffAction(app, 'analise-comparar', AnalysisFilters.extend({ definicao: text40, a: text40, b: text40 }), async (input) => {
    const definition = app.analytics.funnels.flows.flatMap((f) => f.definitions).find((d) => d === input.definicao);
    const [a, b] = [Number(input.a), Number(input.b)];
    const errors: Record<string, string> = {};
    if (!definition) errors.definicao = consoleText('ops.erro.definicao');
    if (!Number.isInteger(a) || a < 1) errors.a = consoleText('ops.erro.versao-a');
    if (!Number.isInteger(b) || b < 1) errors.b = consoleText('ops.erro.versao-b');
    else if (a === b) errors.b = consoleText('ops.erro.versoes-iguais');
    if (Object.keys(errors).length) return { kind: 'field-errors', errors };
    return filtersHref(input, { definicao: definition, a: Math.min(a, b), b: Math.max(a, b) });
  });

  // The analysis page's figures as CSV (the same filters), staff only.
  app.get('/api/ops/analise.csv', { config: { consoleRoles: ROLES_FOR.staff } }, async (request, reply) => {
    const analysis = await analyse(app, readQuery(new URL(request.url, 'http://console.local').searchParams));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="analise-${analysis.flow.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(analysisCsv(analysis));
  });

  staffAction(app, 'galeria-exemplo', z.object({}).passthrough(), async () => ({ kind: 'snackbar', message: consoleText('ops.galeria.exemplo') }));
}
