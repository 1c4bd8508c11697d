/** The decision table as the console's editor changes it: pure functions over its JSON, nothing else touched. */

export type Scalar = string | number | boolean | null;
export interface Option {
  value: Scalar;
  label: string;
}
export type Cell = Scalar | Scalar[];
export type Outcome = Scalar | Record<string, Scalar>;
export interface EditorRow {
  when: Record<string, Cell>;
  if?: unknown;
  then: Outcome;
  note?: string;
}
export interface EditorTable {
  rows: EditorRow[];
  default: { then: Outcome; covers: Scalar[]; note?: string };
  [key: string]: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function valuesOf(cell: Cell | undefined): Scalar[] | 'any' {
  if (cell === undefined || cell === '*') return 'any';
  return Array.isArray(cell) ? cell : [cell];
}

/** The pick list of a cell: the vocabulary's values, plus any value the cell holds that the list lacks (shown, so the analyser's finding can be fixed). */
export function cellOptions(options: readonly Option[], cell: Cell | undefined): Option[] {
  const values = valuesOf(cell);
  const extra = values === 'any' ? [] : values.filter((v) => !options.some((o) => same(o.value, v)));
  return [...options, ...extra.map((v) => ({ value: v, label: `${String(v)} (fora da lista)` }))];
}

/** Which options a cell picks ('any' for "qualquer"); a list (`covers`) is never 'any'. */
export function selectedOptions(options: readonly Option[], cell: Cell | undefined, isList = false): number[] | 'any' {
  const values = isList ? (Array.isArray(cell) ? cell : []) : valuesOf(cell);
  if (values === 'any') return 'any';
  return values.map((v) => options.findIndex((o) => same(o.value, v))).filter((i) => i >= 0);
}

function clone(table: EditorTable): EditorTable {
  return structuredClone(table);
}

/** One value stays a value, several become a list, "qualquer" removes the cell (or keeps an explicit "*"). */
export function setCell(table: EditorTable, row: number, input: string, picked: number[] | 'any', options: readonly Option[]): EditorTable {
  const next = clone(table);
  const target = next.rows[row]!;
  target.when ??= {};
  if (picked === 'any') {
    if (target.when[input] !== '*') delete target.when[input];
  } else {
    const values = picked.map((i) => options[i]!.value);
    target.when[input] = values.length === 1 ? values[0]! : values;
  }
  return next;
}

export function outcomeField(then: Outcome | undefined, field: string | null): Scalar {
  if (field === null) return (then ?? null) as Scalar;
  return then && typeof then === 'object' ? (then[field] ?? null) : null;
}

export function setOutcomeField(table: EditorTable, row: number, field: string | null, value: Scalar): EditorTable {
  const next = clone(table);
  const target = next.rows[row]!;
  if (field === null) target.then = value;
  else target.then = { ...(target.then && typeof target.then === 'object' ? target.then : {}), [field]: value };
  return next;
}

/** A new row: every input "qualquer", each result the first of its list. */
export function emptyRow(outputs: ReadonlyArray<{ field: string | null; options: readonly Option[] }>): EditorRow {
  const plain = outputs.find((o) => o.field === null);
  if (plain) return { when: {}, then: plain.options[0]?.value ?? null };
  return { when: {}, then: Object.fromEntries(outputs.map((o) => [o.field!, o.options[0]?.value ?? null])) };
}
