/** A wizard definition as the console's editor changes it: pure functions over its JSON, nothing else touched. */
import type { Scalar } from './table-model.js';

export interface EditorStep {
  id: string;
  label: string;
  available?: unknown;
  route?: string;
  title?: string;
  texts?: string[];
  [key: string]: unknown;
}
export interface EditorWizard {
  inputs: Array<{ name: string; enum?: string; [key: string]: unknown }>;
  steps: EditorStep[];
  [key: string]: unknown;
}

/** The picks of a step's availability, by input (absent: "qualquer"); null when the condition is not a plain conjunction the pick lists can show. */
export type Availability = Record<string, Scalar[]>;

const isVar = (x: unknown, inputs: readonly string[]): string | null =>
  x && typeof x === 'object' && !Array.isArray(x) && typeof (x as { var?: unknown }).var === 'string' && inputs.includes((x as { var: string }).var) ? (x as { var: string }).var : null;

/** One clause `{eq: [var, v]}`, `{in: [var, [..]]}` or `{has: [var, v]}` as [input, values, operator]. */
function clauseOf(clause: unknown, inputs: readonly string[]): [string, Scalar[], 'eq' | 'in' | 'has'] | null {
  if (!clause || typeof clause !== 'object' || Array.isArray(clause)) return null;
  const entries = Object.entries(clause);
  if (entries.length !== 1) return null;
  const [op, args] = entries[0]!;
  if (!Array.isArray(args) || args.length !== 2) return null;
  const input = isVar(args[0], inputs);
  if (!input) return null;
  if ((op === 'eq' || op === 'has') && !Array.isArray(args[1]) && (args[1] === null || typeof args[1] !== 'object')) return [input, [args[1] as Scalar], op];
  if (op === 'in' && Array.isArray(args[1]) && args[1].every((v) => v === null || typeof v !== 'object')) return [input, args[1] as Scalar[], op];
  return null;
}

function clausesOf(available: unknown): unknown[] {
  if (available === undefined) return [];
  const and = available && typeof available === 'object' && !Array.isArray(available) && Object.keys(available).length === 1 ? (available as { and?: unknown }).and : undefined;
  return Array.isArray(and) ? and : [available];
}

/** Reads a step's availability as picks per input; `has` clauses on one input add up (the list must hold every value). */
export function readAvailability(available: unknown, inputs: readonly string[]): Availability | null {
  const picks: Availability = {};
  const ops: Record<string, string> = {};
  for (const clause of clausesOf(available)) {
    const parsed = clauseOf(clause, inputs);
    if (!parsed) return null;
    const [input, values, op] = parsed;
    if (input in picks && !(op === 'has' && ops[input] === 'has')) return null;
    picks[input] = [...(picks[input] ?? []), ...values];
    ops[input] = op;
  }
  return picks;
}

/** How an input is written: an input with a vocabulary list takes one value (`eq`) or several (`in`); a list input must hold each value (`has`). */
function clausesFor(wizard: EditorWizard, input: string, values: Scalar[]): unknown[] {
  const declared = wizard.inputs.find((i) => i.name === input);
  if (declared && !declared.enum) return values.map((v) => ({ has: [{ var: input }, v] }));
  return [values.length === 1 ? { eq: [{ var: input }, values[0]] } : { in: [{ var: input }, values] }];
}

/** Sets one input's picks in a step's availability ('any' removes it); the other clauses keep their place and form. */
export function setAvailability(wizard: EditorWizard, index: number, input: string, picked: Scalar[] | 'any'): EditorWizard {
  const next = structuredClone(wizard);
  const step = next.steps[index]!;
  const names = wizard.inputs.map((i) => i.name);
  const clauses: unknown[] = [];
  let placed = false;
  for (const clause of clausesOf(step.available)) {
    const parsed = clauseOf(clause, names);
    if (parsed && parsed[0] === input) {
      if (!placed && picked !== 'any' && picked.length) clauses.push(...clausesFor(wizard, input, picked));
      placed = true;
    } else clauses.push(clause);
  }
  if (!placed && picked !== 'any' && picked.length) clauses.push(...clausesFor(wizard, input, picked));
  if (clauses.length === 0) delete step.available;
  else step.available = clauses.length === 1 ? clauses[0] : { and: clauses };
  return next;
}

/** Sets a step's field; an empty optional field is removed. Existing keys keep their place. */
export function setStepField(wizard: EditorWizard, index: number, field: 'id' | 'label' | 'route' | 'title', value: string | null): EditorWizard {
  const next = structuredClone(wizard);
  const step = next.steps[index]!;
  if ((value === null || value === '') && field !== 'id' && field !== 'label') delete step[field];
  else step[field] = value ?? '';
  return next;
}

/** The paragraphs a customer reads, one per line; none removes the field. */
export function setStepTexts(wizard: EditorWizard, index: number, lines: string): EditorWizard {
  const next = structuredClone(wizard);
  const texts = lines.split('\n');
  if (lines === '') delete next.steps[index]!.texts;
  else next.steps[index]!.texts = texts;
  return next;
}

/** A new step at the end: the first step id the wizard does not use yet, always available. */
export function addStep(wizard: EditorWizard, ids: readonly string[]): EditorWizard {
  const next = structuredClone(wizard);
  const id = ids.find((i) => !wizard.steps.some((s) => s.id === i)) ?? ids[0] ?? 'novo-passo';
  next.steps.push({ id, label: id });
  return next;
}
