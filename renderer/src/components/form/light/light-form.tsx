import { useMemo, useState } from 'react';
import type { ComponentOf } from '../../../../../screens/contract/components.js';
import { useFormSubmit } from '../use-form-submit.js';
import { applyFieldVisibility } from '../field-visibility.js';
import { Checkbox, CheckboxGroup, RadioGroup, Select } from './choice-inputs.js';
import { initialData, readFields, type LightField } from './fields.js';
import type { FieldFormat } from '../../../../../screens/contract/formats.js';
import { MaskedInput } from '../masked-input.js';
import { fieldId } from '../shown-values.js';
import { FileInput } from './file-input.js';
import { NumberInput } from './number-input.js';
import { TextInput } from './text-input.js';

type Data = Record<string, unknown>;

/** The JSON form's class for each kind of field (`field-<type>`), so both engines share one style sheet. */
const FIELD_CLASS: Record<LightField['kind'], string> = {
  text: 'string',
  date: 'string',
  password: 'string',
  select: 'string',
  radio: 'string',
  file: 'string',
  hidden: 'string',
  number: 'number',
  checkbox: 'boolean',
  checkboxes: 'array',
  files: 'array',
};

/**
 * A simple form (text, day, number, password, checkbox, checkboxes, radio, pick list, files, hidden fields) drawn without the JSON-form
 * library, so the login and other light screens download no form engine. Same behaviour as the
 * JSON form: the server validates and answers field errors, shown next to each field, and a
 * form-level message above the button; what was typed stays after a failed submit, and the
 * error modal's retry sends it again.
 */
export default function LightForm({ node }: { node: ComponentOf<'form'> }) {
  const prefix = node.id ?? 'form';
  const [data, setData] = useState<Data>(() => initialData(node.schema, node.formData));
  const { errors, message, busy, submit } = useFormSubmit(node);
  const uiSchema = useMemo(() => applyFieldVisibility(node.uiSchema ?? {}, data), [node.uiSchema, data]);
  const fields = useMemo(() => readFields(node.schema, uiSchema), [node.schema, uiSchema]);

  const set = (name: string, value: unknown) =>
    setData((current) => {
      const next = { ...current, [name]: value };
      if (value === undefined) delete next[name];
      return next;
    });

  return (
    <form
      className={node.arrangement === 'filter-bar' ? 'form form-filter-bar' : 'form'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(data, e.currentTarget);
      }}
    >
      {fields.map((field) =>
        field.kind === 'hidden' ? null : <Field key={field.name} id={fieldId(prefix, field.name)} field={field} format={node.formats?.[field.name]} value={data[field.name]} error={errors[field.name]} onChange={(v) => set(field.name, v)} />,
      )}
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy} aria-label={node.submit.accessibleName}>
        {node.submit.label}
      </button>
    </form>
  );
}

function Field({ id, field, format, value, error, onChange }: { id: string; field: LightField; format: FieldFormat | undefined; value: unknown; error: string | undefined; onChange: (value: unknown) => void }) {
  const helpId = field.help || field.description ? `${id}__help` : undefined;
  const errorId = error ? `${id}__error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);
  const mark = field.required ? (
    <span className="required" aria-hidden="true">
      *
    </span>
  ) : null;

  // A choice among numbers or yes/no is held as text by the inputs and sent as the value it names.
  const shown = value == null ? undefined : String(value);
  const choose = (chosen: string | undefined) => onChange(chosen === undefined || field.valueType === 'string' ? chosen : field.valueType === 'number' ? Number(chosen) : chosen === 'true');
  // What every typed field (text, password, number) takes from its field.
  const typed = { id, autoComplete: field.autoComplete, placeholder: field.placeholder, required: field.required, autoFocus: field.autoFocus, invalid, describedBy };
  let control: React.ReactNode;
  if (field.kind === 'file' || field.kind === 'files') {
    control = (
      <>
        <label htmlFor={id}>
          {field.title}
          {mark}
        </label>
        <FileInput id={id} many={field.kind === 'files'} value={value as string | string[] | undefined} onChange={onChange} accept={field.accept} required={field.required} invalid={invalid} describedBy={describedBy} />
      </>
    );
  } else if (field.kind === 'select') {
    control = (
      <>
        <label htmlFor={id}>
          {field.title}
          {mark}
        </label>
        <Select id={id} options={field.options} value={shown} onChange={choose} required={field.required} autoFocus={field.autoFocus} invalid={invalid} describedBy={describedBy} />
      </>
    );
  } else if (field.kind === 'checkbox') {
    control = <Checkbox id={id} label={field.title} checked={value === true} onChange={onChange} required={field.required} autoFocus={field.autoFocus} invalid={invalid} describedBy={describedBy} />;
  } else if (field.kind === 'checkboxes') {
    control = (
      <>
        <span className="field-label" id={`${id}__title`}>
          {field.title}
          {mark}
        </span>
        <CheckboxGroup
          id={id}
          labelId={`${id}__title`}
          options={field.options}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
          invalid={invalid}
          describedBy={describedBy}
        />
      </>
    );
  } else if (field.kind === 'radio') {
    control = (
      <>
        <span className="field-label" id={`${id}__title`}>
          {field.title}
          {mark}
        </span>
        <RadioGroup id={id} labelId={`${id}__title`} options={field.options} value={shown} onChange={choose} autoFocus={field.autoFocus} invalid={invalid} describedBy={describedBy} />
      </>
    );
  } else {
    control = (
      <>
        <label htmlFor={id}>
          {field.title}
          {mark}
        </label>
        {field.kind === 'number' ? (
          <NumberInput {...typed} value={value} onChange={onChange} whole={field.whole} />
        ) : format ? (
          // A declared format (CPF, CEP…): masked as typed and pasted, the raw value kept.
          <MaskedInput
            id={id}
            name={id}
            className="input"
            format={format}
            value={value == null ? null : (value as string | number)}
            onValueChange={onChange}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            required={field.required}
            autoFocus={field.autoFocus}
            placeholder={field.placeholder}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        ) : (
          <TextInput {...typed} value={value == null ? '' : String(value)} onChange={onChange} password={field.kind === 'password'} date={field.kind === 'date'} inputMode={field.inputMode} maxLength={field.maxLength} />
        )}
      </>
    );
  }

  return (
    <div className={`form-group field field-${FIELD_CLASS[field.kind]}`}>
      {control}
      {(field.description || field.help) && (
        <div id={helpId} className="help-block">
          {[field.description, field.help].filter(Boolean).join(' ')}
        </div>
      )}
      {error && (
        <div id={errorId}>
          <ul className="error-detail">
            <li className="text-danger">{error}</li>
          </ul>
        </div>
      )}
    </div>
  );
}
