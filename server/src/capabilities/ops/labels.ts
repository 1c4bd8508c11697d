import type { Condition } from '../../../../screens/contract/conditions.js';
import type { DecisionTable, FlowDefinition } from '../../../../screens/contract/flows.js';

/**
 * The words the console shows for the fields of the flow definitions. Definitions name their inputs
 * and result fields as code does (`caseExists`, `paidOff`); analysts read these labels instead, in
 * table headers, editor pick lists and condition descriptions. Every input and result field of every
 * shipped definition has one (tests/api/ops-console-labels.test.ts); a field added without a label
 * is shown by its name and fails that test.
 */
export const INPUT_LABELS: Readonly<Record<string, string>> = {
  access: 'Acesso à rota',
  appUpdateExempt: 'Tela de atualização do app',
  appUpdateRequired: 'Atualização do app obrigatória',
  assembleiasRestantes: 'Assembleias restantes',
  authenticated: 'Cliente conectado',
  aviso: 'Aviso de contemplação',
  avisoCancelada: 'Aviso de cota cancelada e contemplada',
  cancelada: 'Cota cancelada',
  caseExists: 'Caso de contemplação aberto',
  casoEmAndamento: 'Caso em andamento',
  company: 'Pessoa jurídica',
  contemplada: 'Cota contemplada',
  deadlineExpired: 'Prazo de documentos vencido',
  digital: 'Vistoria digital',
  etapa: 'Etapa',
  exemptFromMandatoryUpdate: 'Tela livre da atualização cadastral',
  exemptFromPasswordChange: 'Tela livre da troca de senha',
  introSeen: 'Introdução já vista',
  mandatoryUpdate: 'Atualização cadastral pendente',
  manual: 'Fluxo manual',
  mfaPending: 'Código de verificação pendente',
  mobile: 'Acesso pelo celular',
  mobileOnly: 'Rota só no celular',
  modalidade: 'Modalidade de contemplação',
  needsQuota: 'Rota pede cota',
  opcoes: 'Opções de lance',
  paidOff: 'Cota quitada',
  parcelasPagas: 'Parcelas pagas',
  passwordExpired: 'Senha expirada',
  phase: 'Fase',
  product: 'Produto',
  quotaSelected: 'Cota escolhida',
  restricao: 'Restrição no CPF/CNPJ',
  routeTransparent: 'Rota do login transparente',
  sellerType: 'Tipo de vendedor',
  state: 'Estado do processo',
  status: 'Status',
  tipo: 'Tipo de cota',
  transparent: 'Login transparente',
  wantedIsHome: 'Rota pedida é o início (/home)',
};

/** Result fields of tables whose result has several fields. */
export const OUTPUT_FIELD_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  notificacao: 'Notificação',
  page: 'Página',
  state: 'Estado da etapa',
  step: 'Etapa da linha do tempo',
};

/** The one result of a table whose result is a single value, by what it is. */
export const OUTPUT_KIND_LABELS: Readonly<Record<DecisionTable['output']['kind'], string>> = {
  screen: 'Tela',
  card: 'Card',
  'guard-outcome': 'Decisão',
  step: 'Etapa',
};

/** Values of vocabulary lists that are words of code rather than of the spec (the guard's decisions, yes/no). */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  guardOutcome: {
    allow: 'abrir a rota pedida',
    login: 'pedir login',
    'login-remember': 'pedir login e voltar à rota',
    verification: 'pedir o código de verificação',
    'password-change': 'trocar a senha',
    'mobile-fallback': 'rota só no celular',
    home: 'ir para o início',
    'mandatory-update': 'atualização cadastral',
    'quota-selection': 'escolher a cota',
    'app-update': 'atualizar o app',
  },
  routeAccess: { public: 'pública', protected: 'protegida' },
};

export const inputLabel = (name: string): string => INPUT_LABELS[name] ?? name;
export const outputLabel = (field: string | null, kind: DecisionTable['output']['kind']): string => (field === null ? OUTPUT_KIND_LABELS[kind] : (OUTPUT_FIELD_LABELS[field] ?? field));

/** One value as shown: yes/no, "vazio" for null, the Portuguese word of a code value, else the value itself. */
export function valueLabel(value: unknown, list?: string): string {
  if (value === null || value === undefined) return 'vazio';
  if (value === true) return 'sim';
  if (value === false) return 'não';
  const text = String(value);
  return (list && VALUE_LABELS[list]?.[text]) ?? text;
}

const COMPARISON: Record<string, string> = { eq: 'é', ne: 'não é', lt: '<', lte: '≤', gt: '>', gte: '≥' };

/** A condition of the definitions' language in words: `{"gte":[{"var":"parcelasPagas"},1]}` → "Parcelas pagas ≥ 1". */
export function describeCondition(expr: Condition | Condition[], label: (name: string) => string = inputLabel): string {
  const say = (e: unknown, nested = false): string => {
    if (Array.isArray(e)) return e.map((x) => say(x)).join(', ');
    if (e === null || typeof e !== 'object') return valueLabel(e);
    const [op, args] = Object.entries(e as Record<string, unknown>)[0] ?? ['', null];
    const list = Array.isArray(args) ? args : [args];
    const wrap = (text: string) => (nested ? `(${text})` : text);
    switch (op) {
      case 'var':
        return label(String(args));
      case 'exists':
        return `${label(String(args))} preenchido`;
      case 'and':
        return wrap(list.map((x) => say(x, true)).join(' e '));
      case 'or':
        return wrap(list.map((x) => say(x, true)).join(' ou '));
      case 'not':
        return `não ${say(args, true)}`;
      case 'in':
        return `${say(list[0])} é um de: ${say(list[1])}`;
      case 'has':
        return `${say(list[0])} inclui ${say(list[1])}`;
      case 'contains':
        return `${say(list[0])} contém "${say(list[1])}"`;
      default:
        return op in COMPARISON ? `${say(list[0])} ${COMPARISON[op]} ${say(list[1])}` : JSON.stringify(e);
    }
  };
  return say(expr);
}

/** The labelled fields of one definition (its inputs and result fields), for checks and editors. */
export function fieldsOf(definition: FlowDefinition): Array<{ name: string; label: string }> {
  if (definition.kind === 'cards') return [];
  const inputs = definition.inputs.map((i) => ({ name: i.name, label: inputLabel(i.name) }));
  if (definition.kind === 'wizard') return inputs;
  const fields = definition.output.fields ? Object.keys(definition.output.fields).map((f) => ({ name: f, label: outputLabel(f, definition.output.kind) })) : [];
  return [...inputs, ...fields];
}
