import type { Condition } from '../../../../screens/contract/conditions.js';
import type { DecisionTable, FlowDefinition } from '../../../../screens/contract/flows.js';
import { CONSOLE_TEXTS, consoleText } from './console-texts.js';

/**
 * The words the console shows for the fields of the flow definitions. Definitions name their inputs
 * and result fields as code does (`caseExists`, `paidOff`); analysts read these labels instead, in
 * table headers, editor pick lists and condition descriptions: the console's texts
 * `ops.campo.<input>`, `ops.resultado.<field>`, `ops.resultado-tipo.<kind>` and
 * `ops.valor.<list>.<value>` (screens/texts/console.pt-BR.json). Every input and result field of
 * every shipped definition has one (tests/api/ops-console-labels.test.ts); a field added without a
 * label is shown by its name and fails that test.
 */
const label = (key: string): string | undefined => CONSOLE_TEXTS[key];

export const inputLabel = (name: string): string => label(`ops.campo.${name}`) ?? name;
export const outputLabel = (field: string | null, kind: DecisionTable['output']['kind']): string =>
  field === null ? (label(`ops.resultado-tipo.${kind}`) ?? kind) : (label(`ops.resultado.${field}`) ?? field);

/** One value as shown: yes/no, "vazio" for null, the Portuguese word of a code value, else the value itself. */
export function valueLabel(value: unknown, list?: string): string {
  if (value === null || value === undefined) return label('ops.valor.vazio')!;
  if (value === true) return label('ops.valor.sim')!;
  if (value === false) return label('ops.valor.nao')!;
  const text = String(value);
  return (list && label(`ops.valor.${list}.${text}`)) ?? text;
}

/** The condition language's operators the console says in words: `ops.condicao.<op>`, with {{a}} and {{b}} its operands. */
const SAID = new Set(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'has', 'contains']);
const say = (key: string, values?: unknown): string => consoleText(`ops.condicao.${key}`, values);

/** A condition of the definitions' language in words: `{"gte":[{"var":"parcelasPagas"},1]}` → "Parcelas pagas ≥ 1". */
export function describeCondition(expr: Condition | Condition[], label: (name: string) => string = inputLabel): string {
  const words = (e: unknown, nested = false): string => {
    if (Array.isArray(e)) return e.map((x) => words(x)).join(', ');
    if (e === null || typeof e !== 'object') return valueLabel(e);
    const [op, args] = Object.entries(e as Record<string, unknown>)[0] ?? ['', null];
    const list = Array.isArray(args) ? args : [args];
    const wrap = (text: string) => (nested ? `(${text})` : text);
    switch (op) {
      case 'var':
        return label(String(args));
      case 'exists':
        return say('exists', { a: label(String(args)) });
      case 'and':
      case 'or':
        return wrap(list.map((x) => words(x, true)).join(` ${say(op)} `));
      case 'not':
        return say('not', { a: words(args, true) });
      default:
        return SAID.has(op) ? say(op, { a: words(list[0]), b: words(list[1]) }) : JSON.stringify(e);
    }
  };
  return words(expr);
}

/** The labelled fields of one definition (its inputs and result fields), for checks and editors. */
export function fieldsOf(definition: FlowDefinition): Array<{ name: string; label: string }> {
  if (definition.kind === 'cards') return [];
  const inputs = definition.inputs.map((i) => ({ name: i.name, label: inputLabel(i.name) }));
  if (definition.kind === 'wizard') return inputs;
  const fields = definition.output.fields ? Object.keys(definition.output.fields).map((f) => ({ name: f, label: outputLabel(f, definition.output.kind) })) : [];
  return [...inputs, ...fields];
}
