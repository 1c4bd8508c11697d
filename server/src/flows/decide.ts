import { holds } from '../../../screens/contract/conditions.js';
import type { Cell, DecisionTable, Outcome, Wizard } from '../../../screens/contract/flows.js';

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

/** First-match hit policy, with the table's explicit default row. */
export function decide(table: DecisionTable, inputs: Inputs): Decision {
  for (const [index, row] of table.rows.entries()) {
    const whenHolds = Object.entries(row.when).every(([name, cell]) => cellMatches(cell, inputs[name]));
    if (whenHolds && (row.if === undefined || holds(row.if, inputs))) return { outcome: row.then, row: index };
  }
  return { outcome: table.default.then, row: 'default' };
}

/** The wizard's steps available for these inputs, in order. */
export function availableSteps(wizard: Wizard, inputs: Inputs): string[] {
  return wizard.steps.filter((step) => step.available === undefined || holds(step.available, inputs)).map((step) => step.id);
}
