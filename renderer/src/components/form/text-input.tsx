import type { WidgetProps } from '@rjsf/utils';
import { isFieldFormat } from './formats.js';
import { MaskedInput } from './masked-input.js';
import { usePoliteAutoFocus } from '../../ui/polite-autofocus.js';

/**
 * The input every text-like widget draws: labelled by RJSF's field template (label for=id),
 * marked invalid with the server's error, and honouring `ui:options` inputMode/maxLength and
 * `ui:autocomplete`. A field with a declared format (`ui:options.format`, set from the form's
 * `formats`) is a MaskedInput: masked as typed, raw value sent.
 */
export function TextInput(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, schema, rawErrors, type, placeholder } = props;
  const inputMode = typeof options.inputMode === 'string' ? (options.inputMode as React.HTMLAttributes<HTMLInputElement>['inputMode']) : undefined;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const focusNow = usePoliteAutoFocus(autofocus);
  const common = {
    id,
    name: id,
    required,
    disabled,
    readOnly: readonly,
    autoFocus: focusNow,
    placeholder,
    inputMode,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}__error` : undefined,
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value),
    onFocus: (e: React.FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value),
  };
  if (isFieldFormat(options.format) && type !== 'password') {
    return <MaskedInput {...common} format={options.format} value={value as string | number | undefined} onValueChange={(raw) => onChange(raw ?? options.emptyValue)} />;
  }
  return (
    <input
      {...common}
      className="input"
      type={type === 'password' ? 'password' : 'text'}
      value={value == null ? '' : String(value)}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
    />
  );
}

export function PasswordInput(props: WidgetProps) {
  return <TextInput {...props} type="password" />;
}
