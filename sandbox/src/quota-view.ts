import type { SandboxClock } from './clock.js';
import type { Customer, QuotaRecord } from './state/store.js';

/** Not contemplated, as the core system writes it (spec doc 1 §3). */
export const NOT_CONTEMPLATED = '1900-01-01';

/** A quota as `cotas`, `login/cota-selecionada` and `cota/{id}` answer it (spec doc 1 §3). */
export function quotaView(quota: QuotaRecord, owner: Customer, clock: SandboxClock, quotasOfOwner: number) {
  return {
    idCota: quota.idCota,
    grupo: quota.grupo,
    cota: quota.cota,
    versao: quota.versao,
    tipo: quota.tipo,
    apelido: quota.apelido,
    fotoUrl: quota.fotoUrl,
    nomePessoa: owner.nome,
    numeroCotasCliente: quotasOfOwner,
    valorBem: quota.valorBem,
    valorSaldoDevedor: quota.valorSaldoDevedor,
    situacaoCota: quota.situacaoCota,
    statusGrupo: quota.statusGrupo,
    dataContemplacao: quota.contempladaHaDias === undefined ? NOT_CONTEMPLATED : clock.day(-quota.contempladaHaDias),
    modalidadeContemplacao: quota.modalidadeContemplacao ?? null,
    idUnidadeNegocio: quota.partnerId,
    cdInscricaoNacional: owner.document,
    parcelasAtraso: quota.parcelasAtraso,
    parcelasRestantes: quota.parcelasRestantes,
    parcelasPagas: quota.parcelasPagas,
    prazo: quota.prazoMeses,
    assembleiaAtual: quota.assembleiaAtual,
    dataProximaAssembleia: quota.proximaAssembleiaEmDias === undefined ? null : clock.day(quota.proximaAssembleiaEmDias),
    perfil: { senhaExpirada: owner.senhaExpirada === true, noAssembleia: quota.proximaAssembleiaEmDias === 0 },
  };
}

/** The short form of `cotas/simples`. */
export function simpleQuotaView(quota: QuotaRecord) {
  return { idCota: quota.idCota, grupo: quota.grupo, cota: quota.cota, versao: quota.versao, tipo: quota.tipo };
}
