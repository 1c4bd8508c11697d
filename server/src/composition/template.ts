/**
 * Fills a screen layout (data from screens/layouts) with a view model and texts.
 *
 * The layout language is deliberately tiny, so operations staff can read it:
 * - `"@key"`: the text `key` of screens/texts (itself interpolated);
 * - `"… {{path}} …"`: a value of the view model, as text (missing → empty);
 * - `{ "$value": "path" }`: a view-model value as is (numbers, objects);
 * - `{ "$each": "path", "as": "item", "template": {…} }` inside an array: one copy per element;
 * - `"$if": "path"` / `"$unless": "path"` on an object: kept only when the value is truthy / falsy
 *   (an element of an array is left out; the value of a key is left unset).
 */
import { deepFreeze } from './shared-nodes.js';

export type Texts = Readonly<Record<string, string>>;
export type ViewModel = Readonly<Record<string, unknown>>;

export class TemplateError extends Error {
  override name = 'TemplateError';
}

export function lookup(model: unknown, path: string): unknown {
  return walk(model, path.split('.'));
}

/**
 * What an `$each` element sees: its own name, and every other value of the scope around it. Not a
 * plain object whose prototype is the request's model: that would make each request's model a
 * prototype, and every lookup in the layout would meet objects of a new hidden class.
 */
class Scope {
  constructor(
    readonly outer: unknown,
    readonly name: string,
    readonly value: unknown,
  ) {}
}

function walk(model: unknown, parts: readonly string[]): unknown {
  let value: unknown = model;
  let i = 0;
  while (value instanceof Scope) {
    if (value.name === parts[0]) {
      value = value.value;
      i = 1;
      break;
    }
    value = value.outer;
  }
  for (; i < parts.length; i++) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[parts[i]!];
  }
  return value;
}

/** `{{ path }}` in a text; `split` with it alternates literal text and paths. */
const PLACEHOLDERS = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** A view-model value as text: nothing for a missing one, never "undefined". */
function shown(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

export function interpolate(text: string, model: unknown): string {
  // Most strings of a layout (types, variants, routes, texts without values) hold no placeholder:
  // they skip the regular expression, which filling the layout would otherwise run on every string.
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDERS, (_, path: string) => shown(lookup(model, path)));
}

export function resolveText(text: string, model: unknown, texts: Texts): string {
  if (!text.startsWith('@')) return interpolate(text, model);
  return textFunction(texts, text.slice(1))(model);
}

/**
 * The text `key` of `texts` as a function of a view model, made once per texts object (a
 * definitions version brings new texts; the old ones go with their functions).
 */
const compiledTexts = new WeakMap<Texts, Map<string, (model: unknown) => string>>();
export function textFunction(texts: Texts, key: string): (model: unknown) => string {
  let byKey = compiledTexts.get(texts);
  if (!byKey) compiledTexts.set(texts, (byKey = new Map()));
  let fill = byKey.get(key);
  if (!fill) {
    const found = texts[key];
    if (found === undefined) throw new TemplateError(`texto ausente: ${key}`);
    byKey.set(key, (fill = compileInterpolation(found)));
  }
  return fill;
}

/**
 * A layout node made into a function of the view model, once per node and texts object: the
 * layouts of a definitions version are filled on every request, so each node's shape — which keys,
 * which placeholders, which paths, which texts — is read once. Keyed by the texts object (a
 * definitions version brings its own; the old one's compiled layouts go with it) and then by the
 * node object itself. Layouts are never changed in place.
 *
 * A node that depends on no value of the model (a link, an action, a label from the texts) is made
 * once and then shared, frozen, by every document filled from it: most of a screen is such nodes,
 * and copying them on every request would be most of the filling's CPU (docs/performance.md,
 * "Composition's own CPU").
 * Whoever receives a document copies what it changes (the capability downgrade, the form engines
 * do), as a frozen node would refuse the change.
 */
type Filler = (model: unknown) => unknown;

/** A compiled node: how to fill it, and whether that gives one value for every model (`constant`). */
interface Compiled {
  fill: Filler;
  constant: boolean;
}

const compiledByTexts = new WeakMap<Texts, WeakMap<object, Compiled>>();

export function fillTemplate(node: unknown, model: unknown, texts: Texts): unknown {
  let compiled = compiledByTexts.get(texts);
  if (!compiled) compiledByTexts.set(texts, (compiled = new WeakMap()));
  return compile(node, texts, compiled).fill(model);
}

/** A value filled once: frozen all the way down, and the same for every model. */
function constant(value: unknown): Compiled {
  const frozen = deepFreeze(value);
  return { fill: () => frozen, constant: true };
}

function compile(node: unknown, texts: Texts, compiled: WeakMap<object, Compiled>): Compiled {
  if (typeof node === 'string') return compileText(node, texts);
  if (node === null || typeof node !== 'object') return constant(node);
  let found = compiled.get(node);
  if (!found) {
    found = Array.isArray(node) ? compileArray(node, texts, compiled) : compileObject(node as Record<string, unknown>, texts, compiled);
    compiled.set(node, found);
  }
  return found;
}

/** A path split once, looked up as `lookup` does. */
function pathOf(path: string): (model: unknown) => unknown {
  const parts = path.split('.');
  return (model) => walk(model, parts);
}

function compileText(text: string, texts: Texts): Compiled {
  if (!text.startsWith('@')) return interpolation(text);
  const key = text.slice(1);
  const found = texts[key];
  // A missing text is refused when a fill reaches it, not before: a branch its `$if` leaves out never does.
  if (found === undefined) {
    return {
      fill: () => {
        throw new TemplateError(`texto ausente: ${key}`);
      },
      constant: false,
    };
  }
  // A text with placeholders: the function textFunction keeps per texts and key (a string node at
  // the top of a fill, a screen's title, is compiled again on every call).
  return found.includes('{{') ? { fill: textFunction(texts, key), constant: false } : constant(found);
}

/** A text with placeholders as a function of the model; one without, as itself. */
function interpolation(text: string): Compiled {
  if (!text.includes('{{')) return constant(text);
  return { fill: compileInterpolation(text), constant: false };
}

function compileInterpolation(text: string): (model: unknown) => string {
  if (!text.includes('{{')) return () => text;
  // Literal text and paths, alternating (split keeps the captured path).
  const pieces = text.split(PLACEHOLDERS);
  const parts = pieces.map((piece, i) => (i % 2 === 0 ? piece : pathOf(piece)));
  return (model) => {
    let out = '';
    for (const part of parts) out += typeof part === 'string' ? part : shown(part(model));
    return out;
  };
}

/**
 * An object node: a node whose every value is constant is made once (`constant`). Otherwise its
 * constant values (the shared nodes among them) are set once on a shape object, and each fill
 * copies that shape in one step (`Object.assign`, which keeps its keys' order) and sets only what
 * depends on the model.
 */
function compileObject(obj: Record<string, unknown>, texts: Texts, compiled: WeakMap<object, Compiled>): Compiled {
  if (typeof obj.$value === 'string') return { fill: pathOf(obj.$value), constant: false };
  const shape: Record<string, unknown> = {};
  const keys: string[] = [];
  const fills: Filler[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$if' || key === '$unless' || key === '$comment') continue;
    const inner = compile(value, texts, compiled);
    // A value under a condition is set only when the condition holds (else left undefined, which JSON leaves out).
    const kept = conditionOf(value);
    // Its place in the key order now; its value now when constant, else on every fill.
    setOwn(shape, key, inner.constant && !kept ? inner.fill(undefined) : undefined);
    if (kept) {
      const fill = inner.fill;
      keys.push(key);
      fills.push((model) => (kept(model) ? fill(model) : undefined));
    } else if (!inner.constant) {
      keys.push(key);
      fills.push(inner.fill);
    }
  }
  if (keys.length === 0) return constant(shape);
  // A key named __proto__ is an own property, as JSON.parse made it: a plain store (and
  // Object.assign, which stores) would set the prototype.
  if (Object.hasOwn(shape, '__proto__')) {
    return {
      fill: (model) => {
        const out = { ...shape };
        keys.forEach((key, i) => setOwn(out, key, fills[i]!(model)));
        return out;
      },
      constant: false,
    };
  }
  return {
    fill: (model) => {
      // Object.assign onto an empty literal copies a plain object's properties in one step; the
      // spread does too where it has seen few shapes, but every object node's fill shares one
      // spread, which sees them all, goes megamorphic and copies property by property.
      const out = Object.assign({}, shape);
      for (let i = 0; i < keys.length; i++) out[keys[i]!] = fills[i]!(model);
      return out;
    },
    constant: false,
  };
}

/** `obj[key] = value` as an own property, also for a key named `__proto__`. */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Whether a node is kept for a model: its `$if` truthy and its `$unless` falsy (always, for other nodes). */
function conditionOf(node: unknown): ((model: unknown) => boolean) | null {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const obj = node as Record<string, unknown>;
  const when = typeof obj.$if === 'string' ? pathOf(obj.$if) : null;
  const unless = typeof obj.$unless === 'string' ? pathOf(obj.$unless) : null;
  if (!when && !unless) return null;
  return (model) => (!when || truthy(when(model))) && (!unless || !truthy(unless(model)));
}

type Step = (model: unknown, out: unknown[]) => void;

/** An array node: constant when every item is a constant node kept for every model. */
function compileArray(items: unknown[], texts: Texts, compiled: WeakMap<object, Compiled>): Compiled {
  let allConstant = true;
  const steps = items.map((item): Step => {
    const kept = conditionOf(item);
    const each = item as { $each?: unknown; as?: unknown; template?: unknown } | null;
    let step: Step;
    if (each && typeof each === 'object' && typeof each.$each === 'string') {
      allConstant = false;
      const list = pathOf(each.$each);
      const name = typeof each.as === 'string' ? each.as : 'item';
      const template = compile(each.template, texts, compiled).fill;
      const templateKept = conditionOf(each.template);
      step = (model, out) => {
        const elements = list(model);
        if (!Array.isArray(elements)) return;
        for (const element of elements) {
          const scope = new Scope(model, name, element);
          if (!templateKept || templateKept(scope)) out.push(template(scope));
        }
      };
    } else {
      const inner = compile(item, texts, compiled);
      if (!inner.constant || kept) allConstant = false;
      const fill = inner.fill;
      step = (model, out) => void out.push(fill(model));
    }
    return kept ? (model, out) => kept(model) && step(model, out) : step;
  });
  if (allConstant) {
    const out: unknown[] = [];
    for (const step of steps) step(undefined, out);
    return constant(out);
  }
  return {
    fill: (model) => {
      const out: unknown[] = [];
      for (const step of steps) step(model, out);
      return out;
    },
    constant: false,
  };
}
