import { CONTAINER_TYPES, sameOrNew, type ComponentNode, type ComponentOf } from '../../../screens/contract/index.js';
import { SharedNodeMemo } from './shared-nodes.js';

/**
 * Which engine draws a form. The renderer's light form draws flat objects of text, password,
 * checkbox (boolean, or one that must be ticked), radio and pick list (enum of strings or whole
 * numbers, or `oneOf` options each a `const` with its `title`: strings, whole numbers, yes/no), free
 * numbers (typed as a Brazilian writes them), days (`format: date` with `ui:widget: date`: the browser's
 * date picker), checkboxes (array of unique enum strings), files (one,
 * or a list, as data URLs) and hidden fields with labels, placeholders, help, field errors and
 * `ui:when`; anything else — other arrays, one-time codes, text areas, bounds on a number, an
 * option it does not know — goes to react-jsonschema-form, which the browser then downloads.
 * Unknown keys send a form to `json`, so a new schema feature never loses a field silently.
 */
export type FormEngine = 'light' | 'json';

const FIELD_KEYS = new Set(['type', 'title', 'description', 'minLength', 'maxLength', 'errorMessage', 'enum', 'oneOf', 'default', 'const']);
const ROOT_KEYS = new Set(['type', 'title', 'required', 'properties']);
const UI_KEYS = new Set(['ui:autocomplete', 'ui:autofocus', 'ui:options', 'ui:widget', 'ui:enumNames', 'ui:help', 'ui:when', 'ui:placeholder']);
const UI_OPTIONS = new Set(['inputMode']);
/** A list of files: fixed order, nothing copied (the JSON form's array options the light form has no use for). */
const FILE_LIST_OPTIONS = new Set(['accept', 'orderable', 'copyable']);
const FILE_KEYS = new Set(['type', 'title', 'description', 'errorMessage', 'format', 'items', 'minItems', 'maxItems']);

/** Files as data URLs: one (`format: data-url`) or a list of them; chosen, listed, removed by the light form's file input. */
function lightFiles(field: Record<string, unknown>, ui: Record<string, unknown>): boolean {
  if (!Object.keys(field).every((k) => FILE_KEYS.has(k))) return false;
  const list = field.type === 'array';
  if (list) {
    const items = field.items;
    if (!isRecord(items) || !Object.keys(items).every((k) => k === 'type' || k === 'format') || items.type !== 'string' || items.format !== 'data-url' || 'format' in field) return false;
  } else if (field.type !== 'string' || field.format !== 'data-url' || 'items' in field) return false;
  if (!Object.keys(ui).every((k) => k === 'ui:options' || k === 'ui:help')) return false;
  const options = ui['ui:options'];
  return options === undefined || (isRecord(options) && Object.entries(options).every(([k, v]) => (k === 'accept' ? typeof v === 'string' : list && FILE_LIST_OPTIONS.has(k) && v === false)));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const CHECKBOXES_KEYS = new Set(['type', 'title', 'description', 'errorMessage', 'items', 'uniqueItems', 'minItems', 'maxItems', 'default']);

/** Several ticks among string options: an array of unique strings from an enum, drawn as checkboxes. */
function lightCheckboxes(field: Record<string, unknown>, ui: Record<string, unknown>): boolean {
  if (!Object.keys(field).every((k) => CHECKBOXES_KEYS.has(k)) || field.uniqueItems !== true) return false;
  const items = field.items;
  if (!isRecord(items) || !Object.keys(items).every((k) => k === 'type' || k === 'enum') || items.type !== 'string') return false;
  if (!Array.isArray(items.enum) || !items.enum.every((v) => typeof v === 'string')) return false;
  if (!Object.keys(ui).every((k) => k === 'ui:widget' || k === 'ui:help' || k === 'items') || ui['ui:widget'] !== 'checkboxes') return false;
  const uiItems = ui.items;
  return uiItems === undefined || (isRecord(uiItems) && Object.keys(uiItems).every((k) => k === 'ui:enumNames'));
}

/** A value of the field's own type: text, a whole number or yes/no. */
const ofType = (value: unknown, type: unknown): boolean => (type === 'integer' ? Number.isInteger(value) : type === 'boolean' ? typeof value === 'boolean' : type === 'string' && typeof value === 'string');

/** Options listed one by one: `enum` values, or `oneOf` entries each a `const` of the field's type with its `title`. */
function listedOptions(field: Record<string, unknown>): boolean {
  if (field.enum !== undefined) return field.oneOf === undefined && field.type !== 'boolean' && Array.isArray(field.enum) && field.enum.every((v) => ofType(v, field.type));
  const options = field.oneOf;
  return Array.isArray(options) && options.length > 0 && options.every((o) => isRecord(o) && Object.keys(o).every((k) => k === 'const' || k === 'title') && typeof o.title === 'string' && ofType(o.const, field.type));
}

function lightField(field: unknown, ui: unknown): boolean {
  if (isRecord(field) && field.format === 'date') return lightDate(field, ui);
  if (isRecord(field) && (field.format === 'data-url' || (isRecord(field.items) && field.items.format === 'data-url'))) return (ui === undefined || isRecord(ui)) && lightFiles(field, (ui ?? {}) as Record<string, unknown>);
  if (isRecord(field) && field.type === 'array') return (ui === undefined || isRecord(ui)) && lightCheckboxes(field, (ui ?? {}) as Record<string, unknown>);
  if (!isRecord(field) || !Object.keys(field).every((k) => FIELD_KEYS.has(k))) return false;
  if (ui !== undefined && !isRecord(ui)) return false;
  const uiRecord = ui ?? {};
  if (!Object.keys(uiRecord).every((k) => UI_KEYS.has(k))) return false;
  const options = uiRecord['ui:options'];
  if (options !== undefined && !(isRecord(options) && Object.keys(options).every((k) => UI_OPTIONS.has(k)))) return false;
  const widget = uiRecord['ui:widget'];
  if (widget === 'hidden') return true;
  // A box that must be ticked (`const: true`: "I agree") is a checkbox; any other constant is not.
  if ('const' in field && !(field.type === 'boolean' && field.const === true)) return false;
  // One choice among listed values (strings, whole numbers, yes/no): radios, or a pick list without a widget.
  if (field.enum !== undefined || field.oneOf !== undefined) return listedOptions(field) && (widget === 'radio' || widget === undefined || widget === 'select');
  if (field.type === 'boolean') return widget === undefined || widget === 'checkbox';
  // A free number (a value in reais, a count): a text field read as a Brazilian writes numbers.
  if (field.type === 'number' || field.type === 'integer') return widget === undefined && !('minLength' in field || 'maxLength' in field);
  if (field.type !== 'string') return false;
  return widget === undefined || widget === 'text' || widget === 'password';
}

/** A day picked from the browser's calendar: a string of `format: "date"` asking for `ui:widget: "date"` (the JSON form draws other dates). */
function lightDate(field: Record<string, unknown>, ui: unknown): boolean {
  if (field.type !== 'string' || field.format !== 'date' || !isRecord(ui) || ui['ui:widget'] !== 'date') return false;
  return Object.keys(field).every((k) => k === 'format' || FIELD_KEYS.has(k)) && !('enum' in field || 'oneOf' in field || 'const' in field) && Object.keys(ui).every((k) => k === 'ui:widget' || k === 'ui:help');
}

export function formEngine(form: Pick<ComponentOf<'form'>, 'schema' | 'uiSchema'>): FormEngine {
  const { schema, uiSchema = {} } = form;
  if (schema.type !== 'object' || !Object.keys(schema).every((k) => ROOT_KEYS.has(k))) return 'json';
  if (!isRecord(schema.properties)) return 'json';
  const fields = schema.properties;
  if (!Object.keys(uiSchema).every((k) => k in fields)) return 'json';
  return Object.entries(fields).every(([name, field]) => lightField(field, uiSchema[name])) ? 'light' : 'json';
}

/** Marks every form of a layout (cards, lists, fallbacks included) with the engine that draws it. */
export function withFormEngines(nodes: readonly ComponentNode[]): ComponentNode[] {
  return sameOrNew(nodes, nodes.map(mark));
}

/** Each shared layout node marked once. */
const marked = new SharedNodeMemo<ComponentNode, ComponentNode>();

function mark(node: ComponentNode): ComponentNode {
  return marked.get(node, markNode);
}

function markNode(node: ComponentNode): ComponentNode {
  let out = node;
  if (node.type === 'form' && node.engine === undefined) out = { ...node, engine: formEngine(node) };
  if ('items' in out && CONTAINER_TYPES.has(out.type) && out.items.length) {
    const items = withFormEngines(out.items);
    if (items !== out.items) out = { ...out, items } as ComponentNode;
  }
  if (out.fallback) out = { ...out, fallback: mark(out.fallback) } as ComponentNode;
  return out;
}
