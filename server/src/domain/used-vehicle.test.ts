import { describe, expect, it } from 'vitest';
import {
  acceptance,
  ACCEPTANCE_RULES,
  AcceptanceRules,
  addressNumber,
  ageProblem,
  bandRows,
  groupOf,
  lookupFound,
  parseAno,
  parseFipe,
  parsePlate,
  plateFormat,
  trimColour,
  validity,
  visitProblem,
  USED_MESSAGES,
} from './used-vehicle.js';

describe('used-vehicle plate, FIPE value, ano, colour and address number (doc 2 §5)', () => {
  it('accepts the Mercosul plate ABC1D23 and the old format ABC1234, typed in any case with a hyphen', () => {
    expect(parsePlate('ABC1D23')).toBe('ABC1D23');
    expect(parsePlate('abc-1d23')).toBe('ABC1D23');
    expect(parsePlate('ABC 1234')).toBe('ABC1234');
    expect(plateFormat('ABC1D23')).toBe('mercosul');
    expect(plateFormat('ABC1234')).toBe('antiga');
    for (const bad of ['AB1D23', 'ABCD123', 'ABC1DD3', '1BC1D23', 'ABC1D234', '', 'ABC12D3']) expect(parsePlate(bad)).toBeNull();
  });

  it('counts a lookup as found only when the brand and the plate both come back', () => {
    expect(lookupFound({ marca: 'Fiat', placa: 'ABC1D23' })).toBe(true);
    expect(lookupFound({ marca: 'Fiat', placa: null })).toBe(false);
    expect(lookupFound({ marca: ' ', placa: 'ABC1D23' })).toBe(false);
    expect(lookupFound(null)).toBe(false);
  });

  it('reads the FIPE value from text: non-digits stripped, comma as the decimal mark', () => {
    expect(parseFipe('R$ 85.432,00')).toBe(85_432);
    expect(parseFipe('R$ 1.234.567,8')).toBe(1_234_567.8);
    expect(parseFipe('45900')).toBe(45_900);
    expect(parseFipe('R$\u00a045.900,55')).toBe(45_900.55);
    expect(parseFipe('')).toBeNull();
    expect(parseFipe('R$ ,00')).toBeNull();
    expect(parseFipe(62_000)).toBe(62_000);
  });

  it('reads manufacturing and model year from ano as year/year', () => {
    expect(parseAno('2021/2022')).toEqual({ anoFabricacao: 2021, anoModelo: 2022 });
    expect(parseAno(' 2019 / 2019 ')).toEqual({ anoFabricacao: 2019, anoModelo: 2019 });
    expect(parseAno('2022/2021')).toBeNull();
    expect(parseAno('2020/2023')).toBeNull();
    expect(parseAno('2021')).toBeNull();
  });

  it('trims the colour and defaults the address number to 0', () => {
    expect(trimColour('  Prata ')).toBe('Prata');
    expect(addressNumber('')).toBe('0');
    expect(addressNumber(undefined)).toBe('0');
    expect(addressNumber(' 120 ')).toBe('120');
  });
});

describe('acceptance rules as configuration (doc 2 §5, placeholder values)', () => {
  const car = { classe: 'LEVE', tipoCota: 'auto', anoAtual: 2026, saldoDevedor: 50_000 };

  it('loads and checks the configuration: bands in increasing age, classes by group', () => {
    expect(ACCEPTANCE_RULES.placeholder).toBe(true);
    expect(groupOf('LEVE', 'auto')?.grupo).toBe('AU');
    expect(groupOf('MOTOCICLETA', 'auto')?.grupo).toBe('MT');
    expect(groupOf('PESADO', 'auto')).toBeUndefined();
    expect(AcceptanceRules.safeParse({ ...ACCEPTANCE_RULES, grupos: [{ ...ACCEPTANCE_RULES.grupos[0], faixas: [{ ateAnos: 7, fatorGarantia: 1 }, { ateAnos: 5, fatorGarantia: 1.1 }] }] }).success).toBe(false);
    expect(bandRows(groupOf('LEVE', 'auto')!)).toEqual([
      { idade: 'até 5 anos', valorMinimo: 'igual ao saldo devedor' },
      { idade: '6 a 7 anos', valorMinimo: 'saldo devedor + 10%' },
      { idade: '8 a 10 anos', valorMinimo: 'saldo devedor + 20%' },
      { idade: 'mais de 10 anos', valorMinimo: 'não aceito' },
    ]);
  });

  it('asks a guarantee over the outstanding balance by age band', () => {
    expect(acceptance({ ...car, anoFabricacao: 2021, valorVeiculo: 50_000 })).toMatchObject({ aceito: true, idade: 5, fatorGarantia: 1, garantiaExigida: 50_000 });
    expect(acceptance({ ...car, anoFabricacao: 2020, valorVeiculo: 54_999 })).toMatchObject({ aceito: false, motivo: 'garantia', garantiaExigida: 55_000 });
    expect(acceptance({ ...car, anoFabricacao: 2020, valorVeiculo: 55_000 })).toMatchObject({ aceito: true, fatorGarantia: 1.1 });
    expect(acceptance({ ...car, anoFabricacao: 2016, valorVeiculo: 60_000 })).toMatchObject({ aceito: true, idade: 10, garantiaExigida: 60_000 });
  });

  it('refuses a vehicle over its group’s age, a class the quota does not take, a recovered chassis and an auction history', () => {
    expect(acceptance({ ...car, anoFabricacao: 2015, valorVeiculo: 200_000 })).toMatchObject({ aceito: false, motivo: 'idade', idadeMaxima: 10 });
    expect(acceptance({ ...car, classe: 'MOTOCICLETA', anoFabricacao: 2020, valorVeiculo: 200_000 })).toMatchObject({ aceito: false, motivo: 'idade', idadeMaxima: 5 });
    expect(acceptance({ ...car, classe: 'ONIBUS', anoFabricacao: 2024, valorVeiculo: 200_000 })).toMatchObject({ aceito: false, motivo: 'classe' });
    expect(acceptance({ ...car, anoFabricacao: 2024, valorVeiculo: 200_000, chassiRecuperado: true })).toMatchObject({ aceito: false, motivo: 'chassi' });
    expect(acceptance({ ...car, anoFabricacao: 2024, valorVeiculo: 200_000, historicoLeilao: true })).toMatchObject({ aceito: false, motivo: 'leilao' });
    expect(ageProblem('LEVE', 'auto', 2015, 2026)).toBe('Veículo recusado pelas regras de aceite: para Automóveis e SUVs, a idade máxima é de 10 anos.');
    expect(ageProblem('LEVE', 'auto', 2016, 2026)).toBeNull();
  });
});

describe('inspection validity and the companion visit (doc 2 §9)', () => {
  it('keeps a link 30 days and a result 45 days from when they were issued', () => {
    const sent = '2026-11-01T12:00:00.000Z';
    expect(validity(sent, 30, Date.parse('2026-12-01T11:59:59.000Z')).valid).toBe(true);
    expect(validity(sent, 30, Date.parse('2026-12-01T12:00:00.000Z'))).toEqual({ until: new Date('2026-12-01T12:00:00.000Z'), valid: false });
    expect(validity(sent, 45, Date.parse('2026-12-10T12:00:00.000Z')).valid).toBe(true);
  });

  it('refuses a visit in the past or without a time', () => {
    const now = Date.parse('2026-11-23T14:00:00.000Z');
    expect(visitProblem(now - 60_000, now)).toBe(USED_MESSAGES.visitPast);
    expect(visitProblem(null, now)).toBe(USED_MESSAGES.visitDate);
    expect(visitProblem(now + 86_400_000, now)).toBeNull();
  });
});
