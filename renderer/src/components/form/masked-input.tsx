import type { InputMask } from 'imask';
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import type { FieldFormat } from '../../../../screens/contract/formats.js';
import { FORMATS, type FormatSpec } from './formats.js';
import { TypedEchoes } from './typed-echoes.js';
import { usePoliteAutoFocus } from '../../ui/polite-autofocus.js';
import { useAdoptEarlyInput } from './adopt-early-input.js';

export type RawValue = string | number | undefined;

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  format: FieldFormat;
  /** The raw value (what the server sends in formData and receives back). */
  value: RawValue | null;
  /** Called with the raw value as the customer types or pastes; undefined when the field is empty. */
  onValueChange: (raw: RawValue) => void;
}

function rawOf(mask: InputMask, spec: FormatSpec): RawValue {
  if (mask.unmaskedValue === '') return undefined;
  if (spec.raw === 'number') return typeof mask.typedValue === 'number' ? mask.typedValue : undefined;
  return spec.raw === 'masked' ? mask.value : mask.unmaskedValue;
}

/**
 * A text input masked by its declared format (imask): formatted as the customer types and on
 * paste (`661.157.509-03` and ` 66115750903 ` both end as 661.157.509-03), characters the
 * format refuses never appear, and the parent gets the raw value. Standalone: any form (RJSF's
 * widget, a light form) gives it a value and takes its raw changes.
 */
export function MaskedInput({ format, value, onValueChange, inputMode, autoComplete, autoCapitalize, className, autoFocus, ...rest }: MaskedInputProps) {
  const focusNow = usePoliteAutoFocus(autoFocus);
  const spec = FORMATS[format];
  const element = useRef<HTMLInputElement>(null);
  const mask = useRef<InputMask | null>(null);
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;
  // What this input reported and the parent has not echoed yet: a late echo never overwrites typing.
  const echoes = useRef(new TypedEchoes<RawValue>());
  const record = (raw: RawValue) => echoes.current.reported(raw);
  // Typed into the server-drawn page before hydration: the parent learns it now, as typed (the mask formats it when it arrives).
  useAdoptEarlyInput<HTMLInputElement, string>(
    element,
    (input) => (input.value !== '' && input.value !== String(value ?? '') ? input.value : undefined),
    (typed) => {
      record(typed);
      onValueChange(typed);
    },
  );
  // imask loads in its own chunk after the first paint, so a masked field costs nothing before a screen is interactive.
  const [imask, setImask] = useState<typeof import('imask').default | null>(null);
  useEffect(() => {
    let live = true;
    void import('imask').then((m) => live && setImask(() => m.default));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!element.current || !imask) return;
    const created = imask(element.current, spec.mask);
    mask.current = created;
    const report = () => {
      const raw = rawOf(created, spec);
      record(raw);
      onChange.current(raw);
    };
    // imask reports from its own listener, outside React's events: flushSync makes the form hold the
    // value before anything else runs, so a submit right after typing never sends an older value.
    created.on('accept', () => flushSync(report));
    // Typed before the mask arrived: masked now, and its raw value reported.
    if (created.value !== '') report();
    return () => {
      created.destroy();
      mask.current = null;
    };
  }, [spec, imask]);

  useEffect(() => {
    const current = mask.current;
    if (!current) return;
    const wanted = value === null || value === '' ? undefined : value;
    if (echoes.current.isEcho(wanted) || rawOf(current, spec) === wanted) return;
    if (wanted === undefined) current.value = '';
    else if (typeof wanted === 'number') current.typedValue = wanted;
    else current.value = wanted; // masked or not, the mask reads it as if typed
  }, [value, spec, imask]);

  return (
    <input
      {...rest}
      ref={element}
      autoFocus={focusNow}
      type="text"
      className={className ?? 'input'}
      inputMode={inputMode ?? spec.inputMode}
      autoComplete={autoComplete ?? spec.autoComplete}
      autoCapitalize={autoCapitalize ?? spec.autoCapitalize}
      spellCheck={false}
      // Until imask has loaded the field is a plain input that still reports what is typed.
      onChange={
        imask
          ? undefined
          : (e) => {
              const raw = e.target.value === '' ? undefined : e.target.value;
              record(raw);
              onValueChange(raw);
            }
      }
    />
  );
}
