import type { DecisionTable, FlowBundle, Wizard } from '../../../../screens/contract/flows.js';
import type { Report } from '../../composition/flows/analyse.js';
import { consoleText as text } from './console-texts.js';
import { inputLabel, outputLabel, valueLabel } from './labels.js';

type Scalar = string | number | boolean | null;
type Option = { value: Scalar; label: string };

/** Options of a pick list, each value in words (`list`: the vocabulary list it comes from). */
const options = (values: readonly Scalar[], list?: string): Option[] => values.map((value) => ({ value, label: valueLabel(value, list) }));
const none = (): Option => ({ value: null, label: text('ops.tabela.nenhum') });

/** The pick lists of a table editor (the `table-editor` component's inputs, outputs and covers). */
export interface EditorSelections {
  entradas: Array<{ name: string; label: string; options: Option[] }>;
  saidas: Array<{ field: string | null; label: string; options: Option[] }>;
  cobre?: Option[];
}

/** What a result field may be: route paths of the catalogue, card ids, guard outcomes, a vocabulary list. */
export function targetValues(kind: string, bundle: FlowBundle): Scalar[] {
  const { vocabulary } = bundle;
  if (kind === 'screen' || kind === 'screens') return vocabulary.screens;
  if (kind === 'card') return bundle.definitions.flatMap((d) => (d.kind === 'cards' ? d.cards.map((c) => c.id) : []));
  if (kind === 'guard-outcome') return vocabulary.enums.guardOutcome ?? [];
  return vocabulary.enums[kind] ?? [];
}

/** An input without a vocabulary list offers the values its rows already use (yes/no when none). */
function usedValues(table: DecisionTable, input: string): Scalar[] {
  const seen: Scalar[] = [];
  for (const row of table.rows) {
    const cell = row.when[input];
    for (const v of cell === undefined || cell === '*' ? [] : Array.isArray(cell) ? cell : [cell]) if (!seen.includes(v)) seen.push(v);
  }
  return seen.length ? seen : [true, false];
}

/** The pick lists of one decision table's editor, drawn from the vocabulary and the catalogue. */
export function tableSelections(table: DecisionTable, bundle: FlowBundle): EditorSelections {
  const { vocabulary } = bundle;
  const exhaustive = table.inputs.find((i) => i.exhaustive && i.enum);
  const fields = table.output.fields;
  return {
    entradas: table.inputs.map((input) => ({ name: input.name, label: inputLabel(input.name), options: options(input.enum ? (vocabulary.enums[input.enum] ?? []) : usedValues(table, input.name), input.enum) })),
    saidas: fields
      ? Object.entries(fields).map(([field, kind]) => ({ field, label: outputLabel(field, table.output.kind), options: [none(), ...options(targetValues(kind, bundle), kind)] }))
      : [{ field: null, label: outputLabel(null, table.output.kind), options: options(targetValues(table.output.kind, bundle), table.output.kind === 'guard-outcome' ? 'guardOutcome' : undefined) }],
    ...(exhaustive ? { cobre: options(vocabulary.enums[exhaustive.enum!] ?? [], exhaustive.enum) } : {}),
  };
}

/** Values a wizard input without a vocabulary list is compared with in the steps' conditions. */
function conditionValues(wizard: Wizard, input: string): Scalar[] {
  const seen: Scalar[] = [];
  const walk = (expr: unknown): void => {
    if (Array.isArray(expr)) expr.forEach(walk);
    else if (expr && typeof expr === 'object') {
      for (const args of Object.values(expr)) {
        if (Array.isArray(args) && args[0] && typeof args[0] === 'object' && (args[0] as { var?: unknown }).var === input) {
          for (const v of Array.isArray(args[1]) ? args[1] : [args[1]]) if ((v === null || typeof v !== 'object') && !seen.includes(v as Scalar)) seen.push(v as Scalar);
        } else walk(args);
      }
    }
  };
  wizard.steps.forEach((s) => walk(s.available));
  return seen;
}

/**
 * The pick lists of one wizard's editor: step ids a pick list of the steps the code implements,
 * routes (when the wizard's steps are screens) a pick list of the catalogue, availability a pick
 * list per input.
 */
export function wizardSelections(wizard: Wizard, bundle: FlowBundle, knownSteps: readonly string[], servedRoutes: readonly string[]): EditorSelections {
  const { vocabulary } = bundle;
  const routed = wizard.steps.some((s) => s.route !== undefined);
  return {
    entradas: wizard.inputs.map((input) => ({ name: input.name, label: inputLabel(input.name), options: options(input.enum ? (vocabulary.enums[input.enum] ?? []) : conditionValues(wizard, input.name), input.enum) })),
    saidas: [
      { field: 'id', label: text('ops.tabela.passo'), options: options(knownSteps) },
      ...(routed ? [{ field: 'route', label: text('ops.tabela.rota'), options: [{ value: null, label: text('ops.tabela.nenhuma') }, ...options([...new Set([...vocabulary.screens, ...servedRoutes])])] }] : []),
    ],
  };
}

/**
 * The analyser's errors on one definition, keyed as the editor marks them: `linha-<n>`, `padrao`,
 * or `tabela` for what concerns the whole table (a format error names the field it refuses).
 */
export function findingsOf(report: Report, definitionId: string): Record<string, string> {
  const keyed: Record<string, string[]> = {};
  for (const f of report.findings) {
    if (f.level !== 'erro') continue;
    const mine = f.definition === definitionId || (f.definition === undefined && (f.where === 'formato' || f.where.includes(definitionId)));
    if (!mine) continue;
    const key = f.row === undefined ? 'tabela' : f.row === 'default' ? 'padrao' : `linha-${f.row}`;
    (keyed[key] ??= []).push(f.where === 'formato' ? f.message.replace(/^Definições de fluxo com formato inválido:\s*/, '') : f.message);
  }
  return Object.fromEntries(Object.entries(keyed).map(([k, v]) => [k, v.join('; ')]));
}
