/** A quota as the upstream sends it (spec doc 1 §3). */
export interface Quota {
  idCota: number;
  cota: string;
  grupo: string;
  versao: string;
  tipo: 'imovel' | 'servico' | 'auto' | 'pesados';
  apelido?: string | null;
  fotoUrl?: string | null;
  nomePessoa?: string;
  valorBem: number;
  valorSaldoDevedor: number;
  situacaoCota: string;
  statusGrupo?: string;
  dataContemplacao?: string | null;
  modalidadeContemplacao?: string | null;
  parcelasAtraso?: number;
  parcelasRestantes?: number;
  parcelasPagas?: number;
  cdInscricaoNacional?: string;
  /** Group term in months. */
  prazo?: number;
  assembleiaAtual?: number;
  dataProximaAssembleia?: string | null;
}
