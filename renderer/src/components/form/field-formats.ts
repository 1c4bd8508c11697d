type UiSchema = Record<string, unknown>;

/**
 * The form's `formats` (field → format, dotted for nested objects) written into the uiSchema as
 * `ui:options.format`, where the text widget reads it. The document's uiSchema is not changed.
 */
export function withFormats(uiSchema: UiSchema, formats: Readonly<Record<string, string>> | undefined): UiSchema {
  if (!formats) return uiSchema;
  let out = uiSchema;
  for (const [path, format] of Object.entries(formats)) out = setFormat(out, path.split('.'), format);
  return out;
}

function setFormat(ui: UiSchema, path: string[], format: string): UiSchema {
  const [head, ...tail] = path;
  if (head === undefined) return ui;
  const field = (ui[head] && typeof ui[head] === 'object' ? ui[head] : {}) as UiSchema;
  if (tail.length > 0) return { ...ui, [head]: setFormat(field, tail, format) };
  const options = (field['ui:options'] && typeof field['ui:options'] === 'object' ? field['ui:options'] : {}) as UiSchema;
  return { ...ui, [head]: { ...field, 'ui:options': { ...options, format } } };
}
