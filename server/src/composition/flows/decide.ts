import { holds } from '../../../../screens/contract/conditions.js';
import type { Cell, DecisionTable, Outcome, Wizard } from '../../../../screens/contract/flows.js';

export type Inputs = Record<string, unknown>;

export interface Decision {
  outcome: Outcome;
  /** Index of the row that matched, or 'default'. */
  row: number | 'default';
}

/** A cell matches when it is absent or "*", equals the value, or lists it. */
export function cellMatches(cell: Cell | undefined, value: unknown): boolean {
  if (cell === undefined || cell === '*') return true;
  if (Array.isArray(cell)) return cell.includes(value as never);
  return cell === (value === undefined ? null : value);
}

type Row = DecisionTable['rows'][number];

/**
 * A table's rows with their cells as lists of [input, cell], made once per table (a published
 * version brings new table objects): the guard decides on every screen, and listing each row's
 * cells again allocated a few arrays per row and request.
 */
const cellsOf = new WeakMap<DecisionTable, ReadonlyArray<{ row: Row; cells: ReadonlyArray<readonly [string, Cell | undefined]> }>>();

/** First-match hit policy, with the table's explicit default row. */
export function decide(table: DecisionTable, inputs: Inputs): Decision {
  let rows = cellsOf.get(table);
  if (!rows) cellsOf.set(table, (rows = table.rows.map((row) => ({ row, cells: Object.entries(row.when) }))));
  for (let index = 0; index < rows.length; index++) {
    const { row, cells } = rows[index]!;
    let whenHolds = true;
    for (const [name, cell] of cells) {
      if (!cellMatches(cell, inputs[name])) {
        whenHolds = false;
        break;
      }
    }
    if (whenHolds && (row.if === undefined || holds(row.if, inputs))) return { outcome: row.then, row: index };
  }
  return { outcome: table.default.then, row: 'default' };
}

/** The wizard's steps available for these inputs, in order. */
export function availableSteps(wizard: Wizard, inputs: Inputs): string[] {
  return wizard.steps.filter((step) => step.available === undefined || holds(step.available, inputs)).map((step) => step.id);
}
