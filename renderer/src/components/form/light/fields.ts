/** A field of a light form, read from the form's JSON Schema and UI schema (the server checked it fits). */
export interface LightField {
  name: string;
  kind: 'text' | 'date' | 'number' | 'password' | 'checkbox' | 'checkboxes' | 'radio' | 'select' | 'file' | 'files' | 'hidden';
  title: string;
  description?: string;
  help?: string;
  required: boolean;
  maxLength?: number;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  autoFocus: boolean;
  placeholder?: string;
  /** File types a file field offers to choose (`ui:options.accept`). */
  accept?: string;
  /** Options as the inputs hold them (text); sent back as the field's type says (`valueType`). */
  options: { value: string; label: string }[];
  /** What the field's value is: text, a number (`whole` when an integer) or yes/no. */
  valueType: 'string' | 'number' | 'boolean';
  whole: boolean;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** How a field is drawn, from what the server's schema says of it (the first rule that applies). */
function kindOf(f: { widget: string | undefined; files: boolean; many: boolean; choice: boolean; type: unknown; date: boolean }): LightField['kind'] {
  if (f.widget === 'hidden') return 'hidden';
  if (f.date) return 'date';
  if (f.files) return f.many ? 'files' : 'file';
  if (f.many) return 'checkboxes';
  if (f.choice) return f.widget === 'radio' ? 'radio' : 'select';
  if (f.type === 'boolean') return 'checkbox';
  if (f.type === 'number' || f.type === 'integer') return 'number';
  return f.widget === 'password' ? 'password' : 'text';
}

export function readFields(schema: Rec, uiSchema: Rec): LightField[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(rec(schema.properties)).map(([name, raw]) => {
    const field = rec(raw);
    const ui = rec(uiSchema[name]);
    const widget = str(ui['ui:widget']);
    // Checkboxes (an array of enum strings) name their options under `items`.
    const files = field.format === 'data-url' || rec(field.items).format === 'data-url';
    const many = field.type === 'array';
    const choices = many ? rec(field.items) : field;
    const named = many ? rec(ui.items) : ui;
    // Options come as `enum` values named by `ui:enumNames`, or as `oneOf` entries each a `const` with its `title`.
    const listed = Array.isArray(choices.oneOf) ? choices.oneOf.map(rec) : undefined;
    const values = listed ? listed.map((o) => String(o.const)) : Array.isArray(choices.enum) ? choices.enum.map(String) : [];
    const names = listed ? listed.map((o) => str(o.title) ?? String(o.const)) : Array.isArray(named['ui:enumNames']) ? named['ui:enumNames'].map(String) : [];
    const choice = field.enum !== undefined || listed !== undefined;
    const kind = kindOf({ widget, files, many, choice, type: field.type, date: field.format === 'date' && widget === 'date' });
    return {
      name,
      kind,
      title: str(field.title) ?? name,
      description: str(field.description),
      help: str(ui['ui:help']),
      required: required.has(name),
      maxLength: typeof field.maxLength === 'number' ? field.maxLength : undefined,
      inputMode: str(rec(ui['ui:options']).inputMode) as LightField['inputMode'],
      autoComplete: str(ui['ui:autocomplete']),
      autoFocus: ui['ui:autofocus'] === true,
      placeholder: str(ui['ui:placeholder']),
      accept: str(rec(ui['ui:options']).accept),
      valueType: field.type === 'integer' || field.type === 'number' ? 'number' : field.type === 'boolean' ? 'boolean' : 'string',
      whole: field.type === 'integer',
      options: values.map((value, i) => ({ value, label: names[i] ?? value })),
    };
  });
}

/** Schema defaults under what the server sent (the form's own data wins). */
export function initialData(schema: Rec, formData: Rec | undefined): Rec {
  const defaults: Rec = {};
  for (const [name, field] of Object.entries(rec(schema.properties))) {
    const value = rec(field).default;
    if (value !== undefined) defaults[name] = value;
  }
  return { ...defaults, ...formData };
}
