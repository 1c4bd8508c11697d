import { useRef } from 'react';
import { usePoliteAutoFocus } from '../../../ui/polite-autofocus.js';
import { useAdoptEarlyInput } from '../adopt-early-input.js';

/** What a light-form text field needs; a masked input (CPF, CEP…) can take the same props. */
export interface TextInputProps {
  id: string;
  value: string;
  /** The text typed; `undefined` when the field is emptied (it then leaves the form data). */
  onChange: (value: string | undefined) => void;
  password?: boolean;
  /** A day, picked from the browser's calendar (the value is AAAA-MM-DD). */
  date?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  /** Ids of the help and error texts that describe the field. */
  describedBy?: string;
}

/** A text, day or password input of the light form, labelled by its field's `<label for>`. */
export function TextInput({ id, value, onChange, password, date, inputMode, autoComplete, maxLength, placeholder, required, autoFocus, invalid, describedBy }: TextInputProps) {
  const focusNow = usePoliteAutoFocus(autoFocus);
  const ref = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput<HTMLInputElement, { typed: string | undefined }>(
    ref,
    (input) => (input.value === value ? undefined : { typed: input.value === '' ? undefined : input.value }),
    ({ typed }) => onChange(typed),
  );
  return (
    <input
      ref={ref}
      id={id}
      name={id}
      className="input"
      type={password ? 'password' : date ? 'date' : 'text'}
      value={value}
      required={required}
      autoFocus={focusNow}
      inputMode={inputMode}
      autoComplete={autoComplete}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}
