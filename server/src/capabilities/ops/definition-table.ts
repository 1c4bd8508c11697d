import type { CardSet, DecisionTable, FlowDefinition, Wizard } from '../../../../screens/contract/flows.js';
import { consoleText as text } from './console-texts.js';
import { describeCondition, inputLabel, outputLabel, valueLabel } from './labels.js';

/** A definition as a table an analyst reads: its columns and rows of words (a definition's page, a draft's review). */
export interface DefinitionTable {
  colunas: string[];
  linhas: string[][];
}

/** A decision-table cell: "qualquer" for any value, the values in words otherwise. */
function cell(value: unknown, list?: string): string {
  if (value === undefined || value === '*') return text('ops.tabela.qualquer');
  if (Array.isArray(value)) return value.map((v) => valueLabel(v, list)).join(', ');
  return valueLabel(value, list);
}

function decisionTable(table: DecisionTable): DefinitionTable {
  const inputs = table.inputs;
  const fields = table.output.fields ? Object.entries(table.output.fields) : null;
  const withCondition = table.rows.some((r) => r.if !== undefined);
  const always = text('ops.tabela.sempre');
  const result = (then: unknown): string[] =>
    fields ? fields.map(([field, kind]) => valueLabel(then && typeof then === 'object' ? (then as Record<string, unknown>)[field] : null, kind)) : [valueLabel(then, table.output.kind === 'guard-outcome' ? 'guardOutcome' : undefined)];
  const linhas = table.rows.map((row, i) => [
    String(i + 1),
    ...inputs.map((input) => cell(row.when[input.name], input.enum)),
    ...(withCondition ? [row.if ? describeCondition(row.if as never) : always] : []),
    ...result(row.then),
    row.note ?? '',
  ]);
  const covers = table.default.covers.length ? text('ops.tabela.cobre', { valores: cell(table.default.covers) }) : '';
  linhas.push([text('ops.tabela.padrao'), ...inputs.map(() => text('ops.tabela.qualquer')), ...(withCondition ? [always] : []), ...result(table.default.then), [table.default.note, covers].filter(Boolean).join(' — ')]);
  return {
    colunas: [
      '#',
      ...inputs.map((i) => inputLabel(i.name)),
      ...(withCondition ? [text('ops.tabela.condicao')] : []),
      ...(fields ? fields.map(([f]) => outputLabel(f, table.output.kind)) : [outputLabel(null, table.output.kind)]),
      text('ops.tabela.nota'),
    ],
    linhas,
  };
}

function cardsTable(set: CardSet): DefinitionTable {
  return {
    colunas: ['card', 'titulo', 'texto', 'rotulo', 'destino'].map((c) => text(`ops.tabela.cards.${c}`)),
    linhas: set.cards.map((c) => [c.id, c.title, c.text, c.label, c.target]),
  };
}

function wizardTable(wizard: Wizard): DefinitionTable {
  const routed = wizard.steps.some((s) => s.route !== undefined);
  return {
    colunas: ['#', text('ops.tabela.passo'), text('ops.tabela.identificador'), ...(routed ? [text('ops.tabela.rota')] : []), text('ops.tabela.vale-quando')],
    linhas: wizard.steps.map((s, i) => [String(i + 1), s.label, s.id, ...(routed ? [s.route ?? text('ops.tabela.nenhuma')] : []), s.available ? describeCondition(s.available as never) : text('ops.tabela.sempre')]),
  };
}

export function definitionTable(definition: FlowDefinition): DefinitionTable {
  if (definition.kind === 'decision-table') return decisionTable(definition);
  if (definition.kind === 'cards') return cardsTable(definition);
  return wizardTable(definition);
}
