import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { useFormSubmit } from './use-form-submit.js';
import { BUTTON_TEMPLATES, translateString } from './array-buttons.js';
import { withFormats } from './field-formats.js';
import { applyFieldVisibility } from './field-visibility.js';
import { noValidation, toErrorSchema } from './no-validation.js';
import { FileWidget } from './file-widget.js';
import { OtpInput } from './otp-input.js';
import { PasswordInput, TextInput } from './text-input.js';

type Data = Record<string, unknown>;

// Module-level so the widget types stay the same between renders (a new function would remount the input and lose focus).
const WIDGETS = { TextWidget: TextInput, PasswordWidget: PasswordInput, FileWidget, otp: OtpInput };
const TEMPLATES = { ButtonTemplates: BUTTON_TEMPLATES };

/**
 * A form of the screen document: RJSF draws the fields from the JSON Schema, the server
 * validates and answers field errors, which are shown next to the fields (and a form-level
 * message above the button). What was typed stays after a failed submit.
 */
/** RJSF fills a `const` as the field's default unless told not to. */
const NO_CONST_DEFAULTS = { constAsDefaults: 'never' } as const;

export default function JsonForm({ node }: { node: ComponentOf<'form'> }) {
  const [formData, setFormData] = useState<Data>(node.formData ?? {});
  const { errors, message, busy, submit } = useFormSubmit(node);
  const extraErrors = useMemo(() => toErrorSchema(errors), [errors]);
  const formatted = useMemo(() => withFormats(node.uiSchema ?? {}, node.formats), [node.uiSchema, node.formats]);
  const uiSchema = useMemo(() => applyFieldVisibility(formatted, formData), [formatted, formData]);

  return (
    <Form<Data, RJSFSchema>
      className="form"
      idPrefix={node.id ?? 'form'}
      schema={node.schema as RJSFSchema}
      uiSchema={uiSchema as UiSchema<Data, RJSFSchema>}
      formData={formData}
      validator={noValidation}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      // A `const: true` checkbox ("Li e aceito…") starts unticked: the customer ticks it, RJSF never does.
      experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
      widgets={WIDGETS}
      templates={TEMPLATES}
      translateString={translateString}
      onChange={(e) => setFormData((e.formData ?? {}) as Data)}
      // The submit event's target is the form element: masked fields are read from it as shown.
      onSubmit={(e, event) => void submit((e.formData ?? {}) as Data, event.target)}
    >
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy} aria-label={node.submit.accessibleName}>
        {node.submit.label}
      </button>
    </Form>
  );
}
