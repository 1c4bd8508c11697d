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
  let value: unknown = model;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

export function interpolate(text: string, model: unknown): string {
  // Most strings of a layout (types, variants, routes, texts without values) hold no placeholder:
  // they skip the regular expression (filling the layout was ≈ 4 % of a screen's CPU samples).
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => {
    const value = lookup(model, path);
    return value === undefined || value === null ? '' : String(value);
  });
}

export function resolveText(text: string, model: unknown, texts: Texts): string {
  if (!text.startsWith('@')) return interpolate(text, model);
  const key = text.slice(1);
  const found = texts[key];
  if (found === undefined) throw new TemplateError(`texto ausente: ${key}`);
  return interpolate(found, model);
}

export function fillTemplate(node: unknown, model: unknown, texts: Texts): unknown {
  if (typeof node === 'string') return resolveText(node, model, texts);
  if (Array.isArray(node)) return fillArray(node, model, texts);
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$value === 'string') return lookup(model, obj.$value);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$if' || key === '$unless' || key === '$comment') continue;
    out[key] = fillTemplate(value, model, texts);
  }
  return out;
}

function kept(node: unknown, model: unknown): boolean {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return true;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$if === 'string' && !truthy(lookup(model, obj.$if))) return false;
  if (typeof obj.$unless === 'string' && truthy(lookup(model, obj.$unless))) return false;
  return true;
}

function fillArray(items: unknown[], model: unknown, texts: Texts): unknown[] {
  const out: unknown[] = [];
  for (const item of items) {
    if (!kept(item, model)) continue;
    const each = item as { $each?: unknown; as?: unknown; template?: unknown } | null;
    if (each && typeof each === 'object' && typeof each.$each === 'string') {
      const list = lookup(model, each.$each);
      const name = typeof each.as === 'string' ? each.as : 'item';
      if (!Array.isArray(list)) continue;
      for (const element of list) {
        const scope = { ...(model as object), [name]: element };
        if (kept(each.template, scope)) out.push(fillTemplate(each.template, scope, texts));
      }
      continue;
    }
    out.push(fillTemplate(item, model, texts));
  }
  return out;
}
