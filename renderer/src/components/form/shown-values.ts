import type { FieldFormat } from '../../../../screens/contract/formats.js';
import { rawFromShown } from './formats.js';

type Data = Record<string, unknown>;

/** The id both form engines give a field: the form's prefix, then its path joined by `_`. */
export const fieldId = (prefix: string, path: string) => `${prefix}_${path.split('.').join('_')}`;

/**
 * The form's data with every masked field's value read from the field itself, as it shows now
 * (`rawFromShown`), so a submit can never send something other than what the customer sees,
 * whatever the form's state caught of the plain-to-mask handover. A field not drawn (hidden by a
 * condition) keeps the form's value.
 */
export function withShownValues(data: Data, form: HTMLFormElement, formats: Readonly<Record<string, FieldFormat>> | undefined, prefix: string): Data {
  let out = data;
  for (const [path, format] of Object.entries(formats ?? {})) {
    const input = form.elements.namedItem(fieldId(prefix, path));
    if (!(input instanceof HTMLInputElement)) continue;
    out = setPath(out, path.split('.'), rawFromShown(format, input.value));
  }
  return out;
}

function setPath(data: Data, path: string[], value: unknown): Data {
  const [head, ...tail] = path;
  if (head === undefined) return data;
  const next = { ...data };
  if (tail.length > 0) {
    const inner = data[head];
    next[head] = setPath(typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Data) : {}, tail, value);
  } else if (value === undefined) {
    delete next[head];
  } else {
    next[head] = value;
  }
  return next;
}
