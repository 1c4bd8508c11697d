/**
 * Fills a screen layout (data from screens/layouts) with a view model and texts.
 *
 * The layout language is deliberately tiny, so operations staff can read it:
 * - `"@key"`: the text `key` of screens/texts (itself interpolated);
 * - `"… {{path}} …"`: a value of the view model, as text (missing → empty);
 * - `{ "$value": "path" }`: a view-model value as is (numbers, objects);
 * - `{ "$each": "path", "as": "item", "template": {…} }` inside an array: one copy per element;
 * - `"$if": "path"` / `"$unless": "path"` on an object: kept only when the value is truthy / falsy.
 */
export type Texts = Readonly<Record<string, string>>;
export type ViewModel = Readonly<Record<string, unknown>>;

export class TemplateError extends Error {
  override name = 'TemplateError';
}

export function lookup(model: unknown, path: string): unknown {
  return walk(model, path.split('.'));
}

/**
 * What an `$each` element sees: its own name, and every other value of the scope around it. A
 * plain object whose prototype was the request's model made that model a prototype, new on every
 * request, and every lookup in the layout met objects of a new hidden class.
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
  // they skip the regular expression (filling the layout was ≈ 4 % of a screen's CPU samples).
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
 * A layout node made into a function of the view model and the texts, once per node: the layouts
 * of a definitions version are filled on every request (≈ 3 % of a screen's CPU samples walked as
 * data), so each node's shape — which keys, which placeholders, which paths — is read once.
 * Keyed by the node object itself: a new version of the definitions brings new objects (compiled
 * when first filled), and an old version's go with it. Layouts are never changed in place.
 */
type Filler = (model: unknown, texts: Texts) => unknown;
const compiled = new WeakMap<object, Filler>();

export function fillTemplate(node: unknown, model: unknown, texts: Texts): unknown {
  return compile(node)(model, texts);
}

function compile(node: unknown): Filler {
  if (typeof node === 'string') return compileText(node);
  if (node === null || typeof node !== 'object') return () => node;
  let filler = compiled.get(node);
  if (!filler) {
    filler = Array.isArray(node) ? compileArray(node) : compileObject(node as Record<string, unknown>);
    compiled.set(node, filler);
  }
  return filler;
}

/** A path split once, looked up as `lookup` does. */
function pathOf(path: string): (model: unknown) => unknown {
  const parts = path.split('.');
  return (model) => walk(model, parts);
}

function compileText(text: string): Filler {
  if (text.startsWith('@')) return compileTextKey(text.slice(1));
  return compileInterpolation(text);
}

/**
 * A text of screens/texts: the texts come with each call (a definitions version brings its own),
 * so the text is looked up and made into a function when a call brings other texts than the last
 * one, and filled with the model on every call.
 */
function compileTextKey(key: string): Filler {
  let texts: Texts | null = null;
  let fill: (model: unknown) => string = () => '';
  return (model, given) => {
    if (given !== texts) {
      fill = textFunction(given, key);
      texts = given;
    }
    return fill(model);
  };
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
 * An object node: its constant values (strings without a placeholder or a text key, numbers,
 * booleans, null) are set once on a shape object, and each fill copies that shape in one step
 * (`{ ...shape }`, which keeps its keys' order and hidden class) and sets only what depends on
 * the model or the texts. Filled key by key (`out[key] = …`), the objects of ≈ 300 nodes with
 * varying keys made every store a lookup: 12 against 8 µs per home layout, warm.
 */
function compileObject(obj: Record<string, unknown>): Filler {
  if (typeof obj.$value === 'string') return pathOf(obj.$value);
  const shape: Record<string, unknown> = {};
  const keys: string[] = [];
  const fills: Filler[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$if' || key === '$unless' || key === '$comment') continue;
    const constant = value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && !value.startsWith('@') && !value.includes('{{'));
    // Its place in the key order now; its value on every fill.
    setOwn(shape, key, constant ? value : undefined);
    if (!constant) {
      keys.push(key);
      fills.push(compile(value));
    }
  }
  // A key named __proto__ is an own property, as JSON.parse made it: a plain store would set the prototype.
  if (keys.includes('__proto__')) {
    return (model, texts) => {
      const out = { ...shape };
      keys.forEach((key, i) => setOwn(out, key, fills[i]!(model, texts)));
      return out;
    };
  }
  return (model, texts) => {
    const out = { ...shape };
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = fills[i]!(model, texts);
    return out;
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

type Step = (model: unknown, texts: Texts, out: unknown[]) => void;

function compileArray(items: unknown[]): Filler {
  const steps = items.map((item): Step => {
    const kept = conditionOf(item);
    const each = item as { $each?: unknown; as?: unknown; template?: unknown } | null;
    let step: Step;
    if (each && typeof each === 'object' && typeof each.$each === 'string') {
      const list = pathOf(each.$each);
      const name = typeof each.as === 'string' ? each.as : 'item';
      const template = compile(each.template);
      const templateKept = conditionOf(each.template);
      step = (model, texts, out) => {
        const elements = list(model);
        if (!Array.isArray(elements)) return;
        for (const element of elements) {
          const scope = new Scope(model, name, element);
          if (!templateKept || templateKept(scope)) out.push(template(scope, texts));
        }
      };
    } else {
      const fill = compile(item);
      step = (model, texts, out) => void out.push(fill(model, texts));
    }
    return kept ? (model, texts, out) => kept(model) && step(model, texts, out) : step;
  });
  return (model, texts) => {
    const out: unknown[] = [];
    for (const step of steps) step(model, texts, out);
    return out;
  };
}
