import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Doc 2 §7 "Vehicle billing (core/faturamento/auto)", the used-vehicle half up to the inspection:
 * the plate lookup, the simulation, the inspection schedule (digital link or technical visit) and
 * the reanalysis of a refused inspection. The vehicle is recorded with `selecionar-veiculo`
 * (vehicle-billing.ts, with placa, uf, chassi and renavam for a used one). Reading back the
 * recorded vehicle (`veiculo`) and the inspection (`vistoria`) is not named by the spec: those two
 * paths are ours, marked below.
 */

const IdCota = z.object({ idCota: z.number().int() });
const Status = z.object({ status: z.string() });

/** What the plate lookup answers (doc 2 §3.4); `fipe` and `ano` come as text. Found only when marca and placa both come. */
export const PlateLookup = z.object({
  placa: z.string().nullable(),
  marca: z.string().nullable(),
  codigoFabricante: z.string().nullable(),
  modelo: z.string().nullable(),
  /** 'fabricação/modelo', e.g. '2021/2022'. */
  ano: z.string().nullable(),
  cor: z.string().nullable(),
  /** FIPE value as text, e.g. 'R$ 85.432,00'. */
  fipe: z.string().nullable(),
  uf: z.string().nullable(),
  chassi: z.string().nullable(),
  renavam: z.string().nullable(),
  tipo: z.string().nullable(),
  /** History flags the acceptance rules refuse (doc 2 §5); not named by the spec's field list. */
  chassiRecuperado: z.boolean().default(false),
  historicoLeilao: z.boolean().default(false),
});
export type PlateLookup = z.infer<typeof PlateLookup>;

/** Simulation result (doc 2 §3.9): credit value, available credit, outstanding balance, FIPE value, vehicle age. */
export const SimulationResult = z.object({
  valorCredito: z.number(),
  creditoDisponivel: z.number(),
  saldoDevedor: z.number(),
  valorFipe: z.number(),
  idadeVeiculo: z.number().int(),
});
export type SimulationResult = z.infer<typeof SimulationResult>;

/** The used vehicle recorded on the process (doc 2 §3.4). */
export const UsedVehicle = z.object({
  placa: z.string().nullable(),
  marca: z.string(),
  codigoFabricante: z.string().nullable(),
  modelo: z.string(),
  anoFabricacao: z.number().int(),
  anoModelo: z.number().int(),
  cor: z.string(),
  fipe: z.number(),
  uf: z.string().nullable(),
  chassi: z.string().nullable(),
  renavam: z.string().nullable(),
  tipo: z.string(),
  encontrado: z.boolean(),
  aprovada: z.boolean().nullable(),
});
export type UsedVehicle = z.infer<typeof UsedVehicle>;

export const InspectionKind = z.enum(['VISTORIA_DIGITAL', 'VISTORIA_TECNICA']);

/** Address of a technical inspection as agendar-vistoria takes it (doc 2 §3.5, §7). */
export const InspectionAddress = z.object({
  cep: z.string().regex(/^\d{8}$/),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  estado: z.string().length(2),
});
export type InspectionAddress = z.infer<typeof InspectionAddress>;

export const InspectionCompanion = z.object({ nome: z.string(), telefone: z.string(), horarioVisita: z.string() });

/** The inspection of the process (doc 2 §3.5); every instant is the back office's. */
export const InspectionState = z.object({
  tipoVistoria: InspectionKind.nullable(),
  situacao: z.enum(['NAO_INICIADA', 'LINK_ENVIADO', 'AGENDADA', 'LAUDO_RECEBIDO', 'APROVADA', 'RECUSADA', 'NAO_COMPARECEU']),
  linkVistoria: z.string().nullable(),
  /** When the digital link was sent: valid 30 days. */
  linkEnviadoEm: z.string().nullable(),
  endereco: InspectionAddress.nullable(),
  acompanhante: InspectionCompanion.nullable(),
  /** When the result (report) came: valid 45 days. */
  resultadoEm: z.string().nullable(),
  motivoRecusa: z.string().nullable(),
  /** Inspection fees charged so far (R$ 150,00 each; R$ 75,00 a re-inspection after a no-show). */
  taxasCobradas: z.number(),
});
export type InspectionState = z.infer<typeof InspectionState>;

export const usedVehicle = {
  plateLookup: endpoint({ method: 'GET', path: 'core/faturamento/auto/consultar-veiculo/{placa}', query: IdCota, answer: PlateLookup }),
  simulate: endpoint({
    method: 'POST',
    path: 'core/faturamento/auto/simular',
    body: z.object({ idCota: z.number().int(), idUnidade: z.string(), tipo: z.string(), anoModelo: z.number().int(), valor: z.number().positive() }),
    answer: SimulationResult,
  }),
  /** Not named by the spec: the used vehicle recorded on the process and its last simulation. */
  vehicle: endpoint({ method: 'GET', path: 'core/faturamento/auto/veiculo', query: IdCota, answer: z.object({ veiculo: UsedVehicle.nullable(), simulacao: SimulationResult.nullable() }) }),
  /** Not named by the spec: the inspection of the process. */
  inspection: endpoint({ method: 'GET', path: 'core/faturamento/auto/vistoria', query: IdCota, answer: InspectionState }),
  schedule: endpoint({
    method: 'PUT',
    path: 'core/faturamento/auto/agendar-vistoria',
    body: z.object({
      idCota: z.number().int(),
      tipoVistoria: InspectionKind,
      aceiteTermos: z.literal(true),
      acompanhanteVistoria: InspectionCompanion.optional(),
      endereco: InspectionAddress.optional(),
    }),
    answer: z.object({ status: z.string(), linkVistoria: z.string().nullable() }),
  }),
  /** A refused inspection: the document asked is sent again for reanalysis. */
  inspectionReanalysis: endpoint({
    method: 'PUT',
    path: 'antifraude/analise-documento/solicitar-reanalise-vistoria',
    body: z.object({ idCota: z.number().int(), arquivos: z.array(z.string()).min(1) }),
    answer: Status,
  }),
};
