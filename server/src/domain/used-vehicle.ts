import { z } from 'zod';
import rulesFile from '../../../screens/rules/used-vehicle-acceptance.json' with { type: 'json' };

/**
 * Used-vehicle rules (doc 2 §3.4, §3.5, §5, §8, §9): plate formats, the FIPE value read from
 * text, model and manufacturing year from `ano`, the acceptance rules (configuration in
 * screens/rules/used-vehicle-acceptance.json), the inspection fees and validity periods, and the
 * companion's visit time.
 */

/** Vehicle classes of the core system (doc 2 §3.4). */
export const VehicleClass = z.enum(['LEVE', 'MOTOCICLETA', 'UTILITARIO', 'PESADO', 'SUV_CAMIONETE', 'ONIBUS']);
export type VehicleClass = z.infer<typeof VehicleClass>;

export const USED_MESSAGES = {
  plate: 'Placa inválida. Informe no formato ABC1D23 (Mercosul) ou ABC1234.',
  ano: 'Informe o ano no formato ano de fabricação/ano do modelo, por exemplo 2021/2022.',
  anoOrder: 'O ano do modelo deve ser o ano de fabricação ou o seguinte.',
  fipe: 'Informe o valor FIPE em reais, por exemplo R$ 45.900,00.',
  tooOld: (max: number, group: string) => `Veículo recusado pelas regras de aceite: para ${group}, a idade máxima é de ${max} anos.`,
  classNotAccepted: 'Veículo recusado pelas regras de aceite: esta categoria de veículo não é aceita para a sua cota.',
  guarantee: (required: string) => `Veículo recusado pelas regras de aceite: o valor do veículo deve ser de pelo menos ${required} para garantir o saldo devedor.`,
  recoveredChassis: 'Veículo recusado pelas regras de aceite: veículos com chassi remarcado (recuperado) não são aceitos.',
  auction: 'Veículo recusado pelas regras de aceite: veículos com histórico de leilão não são aceitos.',
  visitPast: 'A data e a hora da visita não podem estar no passado.',
  visitDate: 'Informe a data e a hora da visita.',
  terms: 'Para continuar, aceite os termos da vistoria.',
  fees: 'Para continuar, confirme que está ciente das taxas da vistoria.',
} as const;

// ---------------------------------------------------------------- plate

/** Mercosul plate (ABC1D23) or the old format (ABC1234), typed with or without hyphen/space. */
export function parsePlate(text: string): string | null {
  const plate = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(plate) ? plate : null;
}

export const plateFormat = (plate: string): 'mercosul' | 'antiga' => (/^[A-Z]{3}\d[A-Z]\d{2}$/.test(plate) ? 'mercosul' : 'antiga');

/** A plate lookup counts as found only when both the brand and the plate come back (doc 2 §5). */
export const lookupFound = (answer: { marca?: string | null; placa?: string | null } | null | undefined): boolean => Boolean(answer?.marca?.trim() && answer.placa?.trim());

// ---------------------------------------------------------------- values

/** The FIPE value from text: non-digits stripped, comma as the decimal mark ('R$ 45.900,50' → 45900.5). */
export function parseFipe(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? text : null;
  if (!text) return null;
  const [whole = '', cents] = text.split(',');
  const digits = whole.replace(/\D/g, '');
  if (!digits) return null;
  const centsDigits = (cents ?? '').replace(/\D/g, '').slice(0, 2).padEnd(2, '0');
  const value = Number(`${digits}.${centsDigits}`);
  return value > 0 ? value : null;
}

/** Manufacturing and model year from `ano` written year/year ('2021/2022'); the model year is the same or the next. */
export function parseAno(ano: string | null | undefined): { anoFabricacao: number; anoModelo: number } | null {
  const m = /^\s*(\d{4})\s*\/\s*(\d{4})\s*$/.exec(ano ?? '');
  if (!m) return null;
  const anoFabricacao = Number(m[1]);
  const anoModelo = Number(m[2]);
  if (anoFabricacao < 1950 || anoModelo - anoFabricacao < 0 || anoModelo - anoFabricacao > 1) return null;
  return { anoFabricacao, anoModelo };
}

export const trimColour = (cor: string | null | undefined) => (cor ?? '').trim();

/** The address number of a used-vehicle address: 0 when not given (doc 2 §5). */
export const addressNumber = (numero: string | number | null | undefined): string => {
  const text = String(numero ?? '').trim();
  return text === '' ? '0' : text;
};

// ---------------------------------------------------------------- acceptance rules

const Band = z.object({ ateAnos: z.number().int().min(0).max(40), fatorGarantia: z.number().min(1).max(3) });
export const AcceptanceRules = z.object({
  placeholder: z.boolean(),
  idadeMaximaGeral: z.number().int().positive(),
  grupos: z
    .array(
      z.object({
        grupo: z.string().regex(/^[A-Z]{2}$/),
        descricao: z.string().min(1),
        classes: z.array(VehicleClass).min(1),
        tiposCota: z.array(z.enum(['auto', 'pesados'])).min(1),
        faixas: z
          .array(Band)
          .min(1)
          .refine((b) => b.every((band, i) => i === 0 || band.ateAnos > b[i - 1]!.ateAnos), 'faixas em ordem crescente de idade'),
      }),
    )
    .min(1),
});
export type AcceptanceRules = z.infer<typeof AcceptanceRules>;

/** The configured rules, checked once when the server starts. */
export const ACCEPTANCE_RULES: AcceptanceRules = AcceptanceRules.parse(rulesFile);

export interface AcceptanceInput {
  classe: string;
  tipoCota: string;
  anoFabricacao: number;
  /** The current year by the back office's clock. */
  anoAtual: number;
  valorVeiculo: number;
  saldoDevedor: number;
  chassiRecuperado?: boolean;
  historicoLeilao?: boolean;
}

export type Refusal = 'classe' | 'idade' | 'garantia' | 'chassi' | 'leilao';

export type AcceptanceResult =
  | { aceito: true; grupo: string; idade: number; fatorGarantia: number; garantiaExigida: number }
  | { aceito: false; motivo: Refusal; grupo?: string; idade: number; idadeMaxima?: number; garantiaExigida?: number };

export const maxAgeOf = (group: AcceptanceRules['grupos'][number]) => group.faixas.at(-1)!.ateAnos;

export const groupOf = (classe: string, tipoCota: string, rules = ACCEPTANCE_RULES) =>
  rules.grupos.find((g) => (g.classes as string[]).includes(classe) && (g.tiposCota as string[]).includes(tipoCota));

/**
 * Whether a used vehicle is accepted: recovered chassis or auction history refused; the group of
 * its class for the quota type; no older than the group's last band; its value at least the
 * outstanding balance times the band's guarantee factor.
 */
export function acceptance(input: AcceptanceInput, rules = ACCEPTANCE_RULES): AcceptanceResult {
  const idade = Math.max(0, input.anoAtual - input.anoFabricacao);
  if (input.chassiRecuperado) return { aceito: false, motivo: 'chassi', idade };
  if (input.historicoLeilao) return { aceito: false, motivo: 'leilao', idade };
  const group = groupOf(input.classe, input.tipoCota, rules);
  if (!group) return { aceito: false, motivo: 'classe', idade };
  const band = group.faixas.find((b) => idade <= b.ateAnos);
  if (!band) return { aceito: false, motivo: 'idade', grupo: group.descricao, idade, idadeMaxima: maxAgeOf(group) };
  const garantiaExigida = Math.round(input.saldoDevedor * band.fatorGarantia * 100) / 100;
  if (input.valorVeiculo < garantiaExigida) return { aceito: false, motivo: 'garantia', grupo: group.descricao, idade, garantiaExigida };
  return { aceito: true, grupo: group.descricao, idade, fatorGarantia: band.fatorGarantia, garantiaExigida };
}

/** The age part of the rules alone (a typed vehicle too old is refused before anything is sent). */
export function ageProblem(classe: string, tipoCota: string, anoFabricacao: number, anoAtual: number, rules = ACCEPTANCE_RULES): string | null {
  const group = groupOf(classe, tipoCota, rules);
  if (!group) return USED_MESSAGES.classNotAccepted;
  return anoAtual - anoFabricacao > maxAgeOf(group) ? USED_MESSAGES.tooOld(maxAgeOf(group), group.descricao) : null;
}

/**
 * A group's bands as rows of the acceptance table: the vehicle's age ('até 5 anos', '6 a 7 anos')
 * and the least value it must have ('igual ao saldo devedor', 'saldo devedor + 10%'), then the
 * age no band covers ('mais de 10 anos': 'não aceito').
 */
export function bandRows(group: AcceptanceRules['grupos'][number]): Array<{ idade: string; valorMinimo: string }> {
  const rows = group.faixas.map((b, i) => {
    const from = i === 0 ? 0 : group.faixas[i - 1]!.ateAnos + 1;
    const idade = from === 0 ? `até ${b.ateAnos} anos` : from === b.ateAnos ? `${b.ateAnos} anos` : `${from} a ${b.ateAnos} anos`;
    const surcharge = Math.round((b.fatorGarantia - 1) * 100);
    return { idade, valorMinimo: surcharge === 0 ? 'igual ao saldo devedor' : `saldo devedor + ${surcharge}%` };
  });
  return [...rows, { idade: `mais de ${maxAgeOf(group)} anos`, valorMinimo: 'não aceito' }];
}

// ---------------------------------------------------------------- inspection

/** Inspection fee deducted from the credit letter; re-inspection after a no-show; agent variant if refused (doc 2 §9). */
export const INSPECTION_FEES = { vistoria: 150, reagendamento: 75, agenteReprovado: 75 } as const;
/** The digital inspection link is valid 30 days; an inspection result 45 days (doc 2 §9). */
export const LINK_VALID_DAYS = 30;
export const RESULT_VALID_DAYS = 45;
/** The inspector calls within 48 hours (doc 2 §9). */
export const INSPECTOR_CONTACT_HOURS = 48;

const DAY = 86_400_000;

/** Until when something issued at `from` (ISO) stays valid, and whether it still is at `now` (epoch ms, back office's clock). */
export function validity(from: string, days: number, now: number): { until: Date; valid: boolean } {
  const until = new Date(Date.parse(from) + days * DAY);
  return { until, valid: now < until.getTime() };
}

/** A companion visit: a real date and time, not in the past of the back office's clock. */
export function visitProblem(dataHora: number | null, now: number): string | null {
  if (dataHora === null || Number.isNaN(dataHora)) return USED_MESSAGES.visitDate;
  return dataHora <= now ? USED_MESSAGES.visitPast : null;
}
