import type { FastifyInstance } from 'fastify';
import { ANALYSIS_VERBS, AnalysisRequest, documentAnalysis } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { SandboxContext } from '../context.js';
import { fail, grantOf, invalid, notFound } from '../http.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import { startAwardedAnalysis } from './awarded.js';
import { startCashAnalysis } from './cash-billing.js';
import { startRefundAnalysis } from './refund.js';
import { startUsedSellerAnalysis, USED_SELLER_VERBS } from './used-vehicle-seller.js';

type Starter = (state: SandboxState, quota: QuotaRecord, verb: string, files: Array<{ data: Buffer; descricao?: string }>, body: Record<string, unknown>) => { status: string } | { refused: string };

/** Which process an analysis belongs to, by the upload category of its files (arquivos/v2). */
const BY_CATEGORY: Record<string, Starter> = { 'faturamento-especie': startCashAnalysis, contemplacao: startAwardedAnalysis, 'faturamento-veiculo': startVehicleAnalysis, devolucao: startRefundAnalysis };

/** A vehicle billing's identification: its process moves to the status of the verb. */
function startVehicleAnalysis(_state: SandboxState, quota: QuotaRecord, verb: string, _files: unknown, body: Record<string, unknown>): { status: string } | { refused: string } {
  if (USED_SELLER_VERBS[verb]) return startUsedSellerAnalysis(quota, verb, body);
  const next = ({ solicitar: 'BRSCAN_EM_ANDAMENTO', 'solicitar-empresa': 'ANALISE_FATURAMENTO', 'solicitar-reanalise': 'RETORNO_BRSCAN' } as Record<string, string>)[verb];
  const vehicle = quota.processos?.auto;
  if (!vehicle || !next) return { refused: 'sua cota não possui processos' };
  vehicle.status = next;
  return { status: next };
}

/**
 * Document analysis (doc 2 §7): POST antifraude/analise-documento/<verb> for files already
 * uploaded by the same customer; the process their category names moves to analysis.
 */
export default async function documentAnalysisRoutes(app: FastifyInstance, { state }: SandboxContext) {
  for (const verb of ANALYSIS_VERBS) {
    serve(app, documentAnalysis[verb], async (request, reply) => {
      const body = AnalysisRequest.safeParse(request.body);
      if (!body.success) return invalid(reply, 'idCota e arquivos são obrigatórios.');
      const quota = state.quotas.get(body.data.idCota);
      const customer = grantOf(request).customer;
      if (!quota || quota.owner !== customer) return notFound(reply, 'sua cota não possui processos');
      const files = body.data.arquivos.map((id) => state.files.get(id));
      if (files.some((f) => f?.owner !== customer)) return fail(reply, 400, 'Arquivos não encontrados para este cliente.');
      const start = BY_CATEGORY[files[0]!.category] ?? startCashAnalysis;
      const result = start(state, quota, verb, files as Array<{ data: Buffer; descricao?: string }>, body.data);
      if ('refused' in result) return notFound(reply, result.refused);
      return result;
    });
  }
}
