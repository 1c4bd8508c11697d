import { holds, type Condition } from '../../../../screens/contract/conditions.js';

type UiSchema = Record<string, unknown>;

/**
 * Fields may carry `ui:when` (the shared condition language) over the form's own data: a field
 * whose condition does not hold is hidden at once, without asking the server.
 */
export function applyFieldVisibility(uiSchema: UiSchema, formData: Record<string, unknown>): UiSchema {
  let changed = false;
  const out: UiSchema = {};
  for (const [field, ui] of Object.entries(uiSchema)) {
    if (ui && typeof ui === 'object' && 'ui:when' in ui) {
      const { 'ui:when': when, ...rest } = ui as Record<string, unknown>;
      changed = true;
      out[field] = holds(when as Condition, formData) ? rest : { ...rest, 'ui:widget': 'hidden' };
    } else out[field] = ui;
  }
  return changed ? out : uiSchema;
}
