/**
 * The used vehicle of a billing process as the core system keeps it (doc 2 §3.4, §3.5, §3.9):
 * the plates the sandbox's plate lookup knows, the vehicle recorded on the process, its
 * simulation and its inspection. Instants are the sandbox clock's (epoch ms as ISO text).
 */

export interface PlateRecord {
  placa: string | null;
  marca: string | null;
  codigoFabricante: string | null;
  modelo: string | null;
  ano: string | null;
  cor: string | null;
  fipe: string | null;
  uf: string | null;
  chassi: string | null;
  renavam: string | null;
  tipo: string | null;
  chassiRecuperado?: boolean;
  historicoLeilao?: boolean;
}

const plate = (p: Omit<PlateRecord, 'placa'> & { placa: string }): PlateRecord => p;

/**
 * Plates the lookup finds. ABC1D23 is eduardo's (Mercosul), ABC1234 the old format; OLD2B10 is too
 * old for cars, CHS3C30 has a recovered chassis, LEI4D40 an auction history, BAI5E50 is worth less
 * than the guarantee most balances need; MAR6F60 answers the brand without the plate (not found).
 * Colours come padded, as the core system sends them.
 */
export const PLATES: Map<string, PlateRecord> = new Map(
  [
    plate({ placa: 'ABC1D23', marca: 'Fiat', codigoFabricante: '002', modelo: 'Argo', ano: '2022/2023', cor: ' Prata  ', fipe: 'R$ 78.450,00', uf: 'RS', chassi: '9BD358A1NPYA12345', renavam: '01234567890', tipo: 'LEVE' }),
    plate({ placa: 'ABC1234', marca: 'Volkswagen', codigoFabricante: '001', modelo: 'Polo', ano: '2021/2022', cor: 'Branco ', fipe: 'R$ 72.900,00', uf: 'SP', chassi: '9BWAB45U0MT012345', renavam: '09876543210', tipo: 'LEVE' }),
    plate({ placa: 'OLD2B10', marca: 'Chevrolet', codigoFabricante: '003', modelo: 'Onix', ano: '2012/2013', cor: 'Preto', fipe: 'R$ 38.100,00', uf: 'MG', chassi: '9BGKS48U0CG012345', renavam: '01112223334', tipo: 'LEVE' }),
    plate({ placa: 'CHS3C30', marca: 'Toyota', codigoFabricante: '004', modelo: 'Corolla', ano: '2022/2022', cor: 'Cinza', fipe: 'R$ 118.000,00', uf: 'PR', chassi: '9BRBL3HE0N0012345', renavam: '05556667778', tipo: 'LEVE', chassiRecuperado: true }),
    plate({ placa: 'LEI4D40', marca: 'Honda', codigoFabricante: '005', modelo: 'City', ano: '2023/2024', cor: 'Azul', fipe: 'R$ 104.000,00', uf: 'SC', chassi: '93HGM6640RZ012345', renavam: '07778889990', tipo: 'LEVE', historicoLeilao: true }),
    plate({ placa: 'BAI5E50', marca: 'Fiat', codigoFabricante: '002', modelo: 'Strada', ano: '2020/2021', cor: 'Vermelho', fipe: 'R$ 41.300,00', uf: 'GO', chassi: '9BD57823AMY012345', renavam: '03334445556', tipo: 'UTILITARIO' }),
  ]
    .map((p): [string, PlateRecord] => [p.placa!, p])
    .concat([['MAR6F60', { placa: null, marca: 'Honda', codigoFabricante: '005', modelo: 'CG 160', ano: '2022/2022', cor: 'Preta', fipe: 'R$ 16.200,00', uf: 'BA', chassi: null, renavam: null, tipo: 'MOTOCICLETA' }]]),
);

export interface UsedVehicleRecord {
  placa: string | null;
  marca: string;
  codigoFabricante: string | null;
  modelo: string;
  anoFabricacao: number;
  anoModelo: number;
  cor: string;
  fipe: number;
  uf: string | null;
  chassi: string | null;
  renavam: string | null;
  tipo: string;
  encontrado: boolean;
  aprovada: boolean | null;
}

export interface InspectionRecord {
  tipoVistoria: 'VISTORIA_DIGITAL' | 'VISTORIA_TECNICA' | null;
  situacao: 'NAO_INICIADA' | 'LINK_ENVIADO' | 'AGENDADA' | 'LAUDO_RECEBIDO' | 'APROVADA' | 'RECUSADA' | 'NAO_COMPARECEU';
  linkVistoria: string | null;
  linkEnviadoEm: string | null;
  endereco: { cep: string; logradouro: string; numero: string; complemento: string; bairro: string; cidade: string; estado: string } | null;
  acompanhante: { nome: string; telefone: string; horarioVisita: string } | null;
  /** When the inspection was done (digital: by the customer; technical: at the visit). */
  realizadaEm: string | null;
  resultadoEm: string | null;
  motivoRecusa: string | null;
  /** What the report will say: set by the sandbox control, approved by default. */
  resultadoPrevisto: 'APROVADA' | 'RECUSADA';
}

export interface UsedProcessRecord {
  veiculo: UsedVehicleRecord | null;
  simulacao: { valorCredito: number; creditoDisponivel: number; saldoDevedor: number; valorFipe: number; idadeVeiculo: number } | null;
  vistoria: InspectionRecord;
  /** Brand inclusion asked (CADASTRAR_VEICULO_MANUAL) since (epoch ms). */
  inclusaoDesde?: number;
  /** A refused inspection's document sent again (reanalysis) since (epoch ms). */
  reanaliseDesde?: number;
  /** Re-inspections after a no-show (R$ 75,00 each). */
  reagendamentos?: number;
}

export const emptyInspection = (): InspectionRecord => ({
  tipoVistoria: null,
  situacao: 'NAO_INICIADA',
  linkVistoria: null,
  linkEnviadoEm: null,
  endereco: null,
  acompanhante: null,
  realizadaEm: null,
  resultadoEm: null,
  motivoRecusa: null,
  resultadoPrevisto: 'APROVADA',
});

/** The vehicle a process past the simulation carries when it was seeded by state only (eduardo: ABC1D23). */
export function seededVehicle(): UsedVehicleRecord {
  const p = PLATES.get('ABC1D23')!;
  return { placa: p.placa, marca: p.marca!, codigoFabricante: p.codigoFabricante, modelo: p.modelo!, anoFabricacao: 2022, anoModelo: 2023, cor: 'Prata', fipe: 78_450, uf: p.uf, chassi: p.chassi, renavam: p.renavam, tipo: p.tipo!, encontrado: true, aprovada: true };
}

/** Hours the sandbox takes: a digital report after it is done, a technical visit's report, the brand inclusion, a reanalysis. */
export const USED_HOURS = { laudo: 24, resultado: 24, visita: 2, inclusao: 48, reanalise: 48 } as const;
/** Link 30 days, result 45 days (doc 2 §9). */
export const USED_DAYS = { link: 30, resultado: 45 } as const;
