import { useRef } from 'react';
import { usePoliteAutoFocus } from '../../../ui/polite-autofocus.js';
import { useAdoptEarlyInput } from '../adopt-early-input.js';

/** A checkbox of the light form: the box inside its own label, so the label names it. */
export function Checkbox(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; required?: boolean; autoFocus?: boolean; invalid?: boolean; describedBy?: string }) {
  const { id, label, checked, onChange, required, autoFocus, invalid, describedBy } = props;
  const focusNow = usePoliteAutoFocus(autoFocus);
  const ref = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput<HTMLInputElement, boolean>(ref, (box) => (box.checked === checked ? undefined : box.checked), onChange);
  return (
    <div className="checkbox">
      <label>
        <input
          ref={ref}
          type="checkbox"
          id={id}
          name={id}
          checked={checked}
          required={required}
          autoFocus={focusNow}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}

/** One choice among several: a radio group named by the field title, each option by its own label. */
export function RadioGroup(props: {
  id: string;
  labelId: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { id, labelId, options, value, onChange, autoFocus, invalid, describedBy } = props;
  const focusNow = usePoliteAutoFocus(autoFocus);
  const ref = useRef<HTMLDivElement>(null);
  useAdoptEarlyInput<HTMLDivElement, string>(ref, (group) => {
    const early = group.querySelector<HTMLInputElement>('input:checked')?.value;
    return early === value ? undefined : early;
  }, onChange);
  return (
    <div ref={ref} className="field-radio-group" id={id} role="radiogroup" aria-labelledby={labelId} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      {options.map((option, i) => (
        <div className="radio" key={option.value}>
          <label>
            <input
              type="radio"
              id={`${id}-${i}`}
              name={id}
              value={option.value}
              checked={value === option.value}
              autoFocus={focusNow && i === 0}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        </div>
      ))}
    </div>
  );
}

/** Several ticks among options (an array of values): a group named by the field title, each box by its option's label. */
export function CheckboxGroup(props: {
  id: string;
  labelId: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { id, labelId, options, value, onChange, invalid, describedBy } = props;
  const ticked = new Set(value);
  const ref = useRef<HTMLDivElement>(null);
  useAdoptEarlyInput<HTMLDivElement, string[]>(ref, (group) => {
    const early = [...group.querySelectorAll<HTMLInputElement>('input:checked')].map((box) => box.value);
    return early.length === value.length && early.every((v) => ticked.has(v)) ? undefined : options.map((o) => o.value).filter((v) => early.includes(v));
  }, onChange);
  return (
    <div ref={ref} className="checkboxes" id={id} role="group" aria-labelledby={labelId} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      {options.map((option, i) => (
        <div className="checkbox" key={option.value}>
          <label>
            <input
              type="checkbox"
              id={`${id}-${i}`}
              name={id}
              value={option.value}
              checked={ticked.has(option.value)}
              // Kept in the options' order, as the JSON form keeps them.
              onChange={(e) => onChange(options.map((o) => o.value).filter((v) => (v === option.value ? e.target.checked : ticked.has(v))))}
            />
            <span>{option.label}</span>
          </label>
        </div>
      ))}
    </div>
  );
}

/** One choice from a pick list (a long list: states, banks), named by its field's `<label for>`; empty until chosen. */
export function Select(props: {
  id: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  required?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { id, options, value, onChange, required, autoFocus, invalid, describedBy } = props;
  const focusNow = usePoliteAutoFocus(autoFocus);
  const ref = useRef<HTMLSelectElement>(null);
  useAdoptEarlyInput<HTMLSelectElement, { chosen: string | undefined }>(
    ref,
    (select) => (select.value === (value ?? '') ? undefined : { chosen: select.value === '' ? undefined : select.value }),
    ({ chosen }) => onChange(chosen),
  );
  return (
    <select
      ref={ref}
      id={id}
      name={id}
      className="input"
      value={value ?? ''}
      required={required}
      autoFocus={focusNow}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="" />
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
