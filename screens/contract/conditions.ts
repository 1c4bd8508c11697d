/**
 * The condition language of definitions and screens: JSON, small, evaluated by this one pure
 * module on the server and in the renderer (no zod here, so the browser bundle stays light).
 *
 *   literal                          "auto", 3, true, null
 *   { "var": "quota.tipo" }          a value of the input (dotted path; absent → null)
 *   { "eq": [a, b] }  { "ne": [a, b] }
 *   { "lt" | "lte" | "gt" | "gte": [a, b] }   numbers (or ISO dates as strings)
 *   { "in": [a, [x, y]] }            a is one of the list
 *   { "has": [list, x] }             the list contains x
 *   { "contains": [text, part] }     case-insensitive substring
 *   { "and": [..] } { "or": [..] } { "not": c }
 *   { "exists": "path" }             the value is neither null nor absent
 */
export type Condition =
  | string
  | number
  | boolean
  | null
  | { var: string }
  | { eq: [Condition, Condition] }
  | { ne: [Condition, Condition] }
  | { lt: [Condition, Condition] }
  | { lte: [Condition, Condition] }
  | { gt: [Condition, Condition] }
  | { gte: [Condition, Condition] }
  | { in: [Condition, Condition[]] }
  | { has: [Condition, Condition] }
  | { contains: [Condition, Condition] }
  | { and: Condition[] }
  | { or: Condition[] }
  | { not: Condition }
  | { exists: string };

export const OPERATORS = ['var', 'eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'has', 'contains', 'and', 'or', 'not', 'exists'] as const;

type Value = unknown;

export function lookup(data: unknown, path: string): Value {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  return current === undefined ? null : current;
}

function compare(a: Value, b: Value): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function pair(args: unknown): [Condition, Condition] {
  if (!Array.isArray(args) || args.length !== 2) throw new ConditionError('esperava dois operandos');
  return args as [Condition, Condition];
}

export class ConditionError extends Error {
  override name = 'ConditionError';
}

/** The value of an expression for `data`. Throws ConditionError on a malformed expression. */
export function evaluate(expr: Condition, data: unknown): Value {
  if (expr === null || typeof expr !== 'object') return expr;
  if (Array.isArray(expr)) return expr.map((e) => evaluate(e as Condition, data));
  const keys = Object.keys(expr);
  if (keys.length !== 1) throw new ConditionError(`expressão deve ter um operador: ${JSON.stringify(expr)}`);
  const op = keys[0]!;
  const args = (expr as Record<string, unknown>)[op];
  switch (op) {
    case 'var':
      if (typeof args !== 'string') throw new ConditionError('var espera um caminho');
      return lookup(data, args);
    case 'exists':
      if (typeof args !== 'string') throw new ConditionError('exists espera um caminho');
      return lookup(data, args) !== null;
    case 'eq':
    case 'ne': {
      const [a, b] = pair(args);
      const same = evaluate(a, data) === evaluate(b, data);
      return op === 'eq' ? same : !same;
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const [a, b] = pair(args);
      const c = compare(evaluate(a, data), evaluate(b, data));
      if (c === null) return false;
      return op === 'lt' ? c < 0 : op === 'lte' ? c <= 0 : op === 'gt' ? c > 0 : c >= 0;
    }
    case 'in': {
      const [a, list] = pair(args);
      const values = evaluate(list, data);
      return Array.isArray(values) && values.includes(evaluate(a, data));
    }
    case 'has': {
      const [list, a] = pair(args);
      const values = evaluate(list, data);
      return Array.isArray(values) && values.includes(evaluate(a, data));
    }
    case 'contains': {
      const [text, part] = pair(args);
      const t = evaluate(text, data);
      const p = evaluate(part, data);
      return typeof t === 'string' && typeof p === 'string' && t.toLowerCase().includes(p.toLowerCase());
    }
    case 'and':
      if (!Array.isArray(args)) throw new ConditionError('and espera uma lista');
      return args.every((c) => truthy(evaluate(c as Condition, data)));
    case 'or':
      if (!Array.isArray(args)) throw new ConditionError('or espera uma lista');
      return args.some((c) => truthy(evaluate(c as Condition, data)));
    case 'not':
      return !truthy(evaluate(args as Condition, data));
    default:
      throw new ConditionError(`operador desconhecido: ${op}`);
  }
}

function truthy(value: Value): boolean {
  return value !== null && value !== false && value !== 0 && value !== '' && value !== undefined;
}

/** Whether a condition holds for `data`. */
export function holds(expr: Condition, data: unknown): boolean {
  return truthy(evaluate(expr, data));
}

/** Every `var`/`exists` path a condition reads (the analyser checks them against the table's inputs). */
export function pathsOf(expr: unknown, found = new Set<string>()): Set<string> {
  if (expr && typeof expr === 'object' && !Array.isArray(expr)) {
    const [op, args] = Object.entries(expr)[0] ?? [];
    if ((op === 'var' || op === 'exists') && typeof args === 'string') found.add(args);
    else pathsOf(args, found);
  } else if (Array.isArray(expr)) expr.forEach((e) => pathsOf(e, found));
  return found;
}
