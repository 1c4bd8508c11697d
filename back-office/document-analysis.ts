import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.js';

/**
 * Doc 2 §7 "Document analysis": POST antifraude/analise-documento/<verb> asks the back office to
 * analyse files already uploaded through arquivos/v2 (the spec does not show the payloads: here
 * the quota and the file ids; a flow may send more fields). Which process the analysis belongs to
 * follows from the files' upload category (faturamento-especie, contemplacao…). nl/solicitar is
 * the identity check of the forgotten e-mail (an open path), declared where that is served.
 */
/** The invoice and its correction letter (solicitar-nota-fiscal, solicitar-carta-correcao) are vehicle-billing calls (vehicle-billing.ts). */
export const ANALYSIS_VERBS = [
  'solicitar',
  'solicitar-empresa',
  'solicitar-reanalise',
  'solicitar-vendedor',
  'solicitar-vendedor-reenvio',
  'solicitar-documentos-adicionais-vendedor',
  'solicitar-reanalise-faturamento',
] as const;
export type AnalysisVerb = (typeof ANALYSIS_VERBS)[number];

export const AnalysisRequest = z.looseObject({ idCota: z.number().int(), arquivos: z.array(z.string()).min(1).max(20) });
export type AnalysisRequest = z.infer<typeof AnalysisRequest>;
export const AnalysisAnswer = z.looseObject({ status: z.string().optional() });

type AnalysisEndpoint = Endpoint<typeof AnalysisAnswer, typeof AnalysisRequest, z.ZodNever>;

export const documentAnalysis = Object.fromEntries(
  ANALYSIS_VERBS.map((verb) => [verb, endpoint({ method: 'POST', path: `antifraude/analise-documento/${verb}`, body: AnalysisRequest, answer: AnalysisAnswer })]),
) as Record<AnalysisVerb, AnalysisEndpoint>;

/** PUT solicitar-reanalise-vistoria (used-vehicle inspection reanalysis). */
export const inspectionReanalysis = endpoint({ method: 'PUT', path: 'antifraude/analise-documento/solicitar-reanalise-vistoria', body: AnalysisRequest, answer: AnalysisAnswer });
