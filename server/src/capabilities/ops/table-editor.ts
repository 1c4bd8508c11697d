import type { ComponentOf } from '../../../../screens/contract/components.js';
import type { DecisionTable, FlowBundle, Wizard } from '../../../../screens/contract/flows.js';
import type { Report } from '../../composition/flows/analyse.js';
import { inputLabel, outputLabel, valueLabel } from './labels.js';

type Scalar = string | number | boolean | null;
type Option = { value: Scalar; label: string };

/** Options of a pick list, each value in words (`list`: the vocabulary list it comes from). */
const options = (values: readonly Scalar[], list?: string): Option[] => values.map((value) => ({ value, label: valueLabel(value, list) }));
const NONE: Option = { value: null, label: 'nenhum' };

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

/** The editor of one decision table, its pick lists drawn from the vocabulary and the catalogue. */
export function tableEditor(table: DecisionTable, bundle: FlowBundle, findings: Record<string, string>): ComponentOf<'table-editor'> {
  const { vocabulary } = bundle;
  const exhaustive = table.inputs.find((i) => i.exhaustive && i.enum);
  const fields = table.output.fields;
  return {
    type: 'table-editor',
    id: `editor-${table.id}`,
    label: `${table.title} (edição)`,
    definitionId: table.id,
    definition: table as unknown as Record<string, unknown>,
    inputs: table.inputs.map((input) => ({ name: input.name, label: inputLabel(input.name), options: options(input.enum ? (vocabulary.enums[input.enum] ?? []) : usedValues(table, input.name), input.enum) })),
    outputs: fields
      ? Object.entries(fields).map(([field, kind]) => ({ field, label: outputLabel(field, table.output.kind), options: [NONE, ...options(targetValues(kind, bundle), kind)] }))
      : [{ field: null, label: outputLabel(null, table.output.kind), options: options(targetValues(table.output.kind, bundle), table.output.kind === 'guard-outcome' ? 'guardOutcome' : undefined) }],
    ...(exhaustive ? { covers: options(vocabulary.enums[exhaustive.enum!] ?? [], exhaustive.enum) } : {}),
    findings,
    analyse: { action: 'ops/analisar' },
    submit: { label: 'Revisar alterações', action: 'ops/draft' },
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
 * The editor of one wizard: step ids a pick list of the steps the code implements, routes (when the
 * wizard's steps are screens) a pick list of the catalogue, availability a pick list per input.
 */
export function wizardEditor(wizard: Wizard, bundle: FlowBundle, knownSteps: readonly string[], servedRoutes: readonly string[], findings: Record<string, string>): ComponentOf<'table-editor'> {
  const { vocabulary } = bundle;
  const routed = wizard.steps.some((s) => s.route !== undefined);
  return {
    type: 'table-editor',
    mode: 'wizard',
    id: `editor-${wizard.id}`,
    label: `${wizard.title} (edição)`,
    definitionId: wizard.id,
    definition: wizard as unknown as Record<string, unknown>,
    inputs: wizard.inputs.map((input) => ({ name: input.name, label: inputLabel(input.name), options: options(input.enum ? (vocabulary.enums[input.enum] ?? []) : conditionValues(wizard, input.name), input.enum) })),
    outputs: [
      { field: 'id', label: 'Passo', options: options(knownSteps) },
      ...(routed ? [{ field: 'route', label: 'Rota', options: [{ value: null, label: 'nenhuma' }, ...options([...new Set([...vocabulary.screens, ...servedRoutes])])] }] : []),
    ],
    findings,
    analyse: { action: 'ops/analisar' },
    submit: { label: 'Revisar alterações', action: 'ops/draft' },
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
