import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7 "Bids" (doc 1 §3 "Bid offer", "Bid history item"). */

export const BidRules = z.object({
  valorBem: z.number(),
  assembleia: z.object({ numero: z.number(), data: z.string().nullable() }),
  lanceAberto: z.boolean(),
  tiposLance: z.array(z.object({ modalidade: z.string(), descricao: z.string(), percentualMinimo: z.number().optional(), percentualMaximo: z.number().optional(), percentualFixo: z.number().optional() })),
  tiposOferta: z.array(z.object({ tipo: z.string(), descricao: z.string() })),
  opcoes: z.array(z.object({ codigo: z.string() })),
  permiteFgts: z.boolean().optional(),
});
export type BidRules = z.infer<typeof BidRules>;

export const BidRecord = z.object({
  protocolo: z.string(),
  assembleia: z.number(),
  dataCredenciamento: z.string(),
  modalidade: z.string(),
  valorOferta: z.number(),
  percentual: z.number(),
  status: z.string(),
  /** What the offer carried (doc 1 §3 "Bid offer"); sent by the back office, shown nowhere yet. */
  idCota: z.number().int().optional(),
  identificador: z.string().optional(),
  valorLanceEmbutido: z.number().optional(),
  valorFGTS: z.number().optional(),
  trocaChaves: z.boolean().optional(),
});
export type BidRecord = z.infer<typeof BidRecord>;

/** The offer payload (doc 1 §3): valorOferta replaces valorLance, plus identificador. */
export const BidOffer = z.object({
  situacaoOferta: z.string(),
  situacaoModalidade: z.string(),
  valorOferta: z.number(),
  valorLanceEmbutido: z.number(),
  valorFGTS: z.number(),
  tipoAmortizacao: z.string(),
  trocaChaves: z.boolean(),
  lanceLivreAuto: z.boolean(),
  numeroIP: z.string(),
  formaAcesso: z.string(),
  utilizaAntecipacao: z.boolean(),
  quantidadeParcelaSubsequente: z.number(),
  identificador: z.string(),
});

const group = 'cotas/credenciamento-lance';

export const bids = {
  rules: endpoint({ method: 'GET', path: 'cotas/{id}/credenciamento-lance', group, answer: BidRules }),
  history: endpoint({
    method: 'GET',
    path: 'cotas/{id}/credenciamento-lance/historico',
    group,
    query: z.object({ page_size: z.number(), page: z.number() }),
    answer: z.object({ data: z.object({ data: z.array(BidRecord), page: z.number().optional(), total: z.number().optional() }), total_pages: z.number() }),
  }),
  simulate: endpoint({
    method: 'POST',
    path: 'cotas/{id}/credenciamento-lance/simulacao',
    group,
    body: BidOffer.partial(),
    answer: z.object({ saldoDevedorApos: z.number(), parcelasRestantesApos: z.number(), creditoLiquido: z.number() }),
  }),
  embeddedLimit: endpoint({
    method: 'POST',
    path: 'cotas/{quotaId}/credenciamento-lance/lanceEmbutido',
    group,
    body: z.object({ situacaoModalidade: z.string(), valorLance: z.number() }),
    answer: z.object({ valorMaximoEmbutido: z.number() }),
  }),
  /** The offer: a protocol, or notifications saying why not. */
  offer: endpoint({
    method: 'POST',
    path: 'cotas/{id}/credenciamento-lance',
    group,
    body: BidOffer,
    answer: z.object({ protocolo: z.string().optional(), notificacoes: z.array(z.object({ mensagem: z.string().optional(), message: z.string().optional() })).optional() }),
  }),
  cancel: endpoint({ method: 'PUT', path: 'cotas/{id}/credenciamento-lance/cancelamento-lance/{protocol}', group, answer: z.unknown() }),
};
