import type { WidgetProps } from '@rjsf/utils';

/**
 * The input every text-like widget draws: labelled by RJSF's field template (label for=id),
 * marked invalid with the server's error, and honouring `ui:options` inputMode/maxLength and
 * `ui:autocomplete`.
 */
export function TextInput(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, schema, rawErrors, type, placeholder } = props;
  const inputMode = typeof options.inputMode === 'string' ? (options.inputMode as React.HTMLAttributes<HTMLInputElement>['inputMode']) : undefined;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <input
      id={id}
      name={id}
      className="input"
      type={type === 'password' ? 'password' : 'text'}
      value={value == null ? '' : String(value)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      inputMode={inputMode}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}__error` : undefined}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

export function PasswordInput(props: WidgetProps) {
  return <TextInput {...props} type="password" />;
}
