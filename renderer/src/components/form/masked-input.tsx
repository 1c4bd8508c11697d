import type { InputMask } from 'imask';
import { useEffect, useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import type { FieldFormat } from '../../../../screens/contract/formats.js';
import { FORMATS, rawFromShown, type FormatSpec, type RawValue } from './formats.js';
import { TypedEchoes } from './typed-echoes.js';
import { usePoliteAutoFocus } from '../../ui/polite-autofocus.js';
import { useAdoptEarlyInput } from './adopt-early-input.js';
import imask from './imask.js';

export type { RawValue } from './formats.js';

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

/** Characters a customer typed (not the mask's punctuation); the comma is money's decimal mark. */
const TYPED_CHAR = /[0-9A-Za-z,]/;

/** Where the caret goes in `shown` so that `count` typed characters stand before it. */
function caretAfter(shown: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i++) if (TYPED_CHAR.test(shown[i]!) && ++seen === count) return i + 1;
  return shown.length;
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
  const report = (raw: RawValue) => {
    echoes.current.reported(raw);
    onChange.current(raw);
  };
  // Typed into the server-drawn page before hydration: the parent learns the raw value of what the
  // field shows now (the mask formats it when it arrives).
  const adoptedEarly = useRef(false);
  useAdoptEarlyInput<HTMLInputElement, string>(
    element,
    (input) => (input.value !== '' && input.value !== String(value ?? '') ? input.value : undefined),
    (typed) => {
      adoptedEarly.current = true;
      report(rawFromShown(format, typed));
    },
  );
  // The mask takes the field as it mounts, before the browser can hand it a keystroke (a layout
  // effect runs before the next event): there is no moment in which the field is a plain input and
  // typing could reach neither it nor the mask. (Were imask a lazily loaded chunk, a keystroke or a
  // fill landing between the page working and the chunk arriving would come back empty under load.)
  useLayoutEffect(() => {
    const input = element.current;
    if (!input) return;
    // Typed into the server-drawn page before hydration: masked now, the caret where it was among
    // the typed characters (not thrown to the end); useAdoptEarlyInput reports it to the form.
    const typed = input.value;
    const focused = typed !== '' && input === input.ownerDocument.activeElement;
    const start = focused ? input.selectionStart : null;
    const end = focused ? input.selectionEnd : null;
    const attached = imask(input, spec.mask);
    mask.current = attached;
    // The selection too, not only the caret: a customer who selected what they typed (to paste or
    // autofill over it) replaces it; collapsed by the formatting, the paste would land after it and
    // the field hold both (a fill mid-hydration on a loaded machine showed 66.115.661/1575-09).
    const typedBefore = (at: number) => caretAfter(attached.value, [...typed.slice(0, at)].filter((c) => TYPED_CHAR.test(c)).length);
    if (start !== null && end !== null) {
      if (start === end) attached.cursorPos = typedBefore(end);
      else input.setSelectionRange(typedBefore(start), typedBefore(end));
    }
    // imask reports from its own listener, outside React's events: flushSync makes the form hold
    // the value before anything else runs, so a tap right after typing never sends an older value.
    attached.on('accept', () => flushSync(() => report(rawOf(attached, spec))));
    return () => {
      attached.destroy();
      mask.current = null;
    };
  }, [spec]);

  // The parent's value written into the field when it did not come from this field (prefilled, or
  // sent by the server). On mount nothing is written when the value is empty or when the field shows
  // what was typed before hydration (the form learns it from useAdoptEarlyInput, whose effect runs
  // first): the server draws a masked field empty, so a prefilled value written then would replace
  // a CEP the customer typed over it (seen on a loaded machine: 80010-000 back after 01310-100).
  const synced = useRef(false);
  useEffect(() => {
    const current = mask.current;
    if (!current) return;
    const wanted = value === null || value === '' ? undefined : value;
    const first = !synced.current;
    synced.current = true;
    if ((first && (wanted === undefined || adoptedEarly.current)) || echoes.current.isEcho(wanted) || rawOf(current, spec) === wanted) return;
    if (wanted === undefined) current.value = '';
    else if (typeof wanted === 'number') current.typedValue = wanted;
    else current.value = wanted; // masked or not, the mask reads it as if typed
  }, [value, spec]);

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
      // The mask reports (its listener runs first and this one stands aside); without a mask (it
      // could not attach) a plain input reports the raw value of what it shows.
      onChange={(e) => {
        if (!mask.current) report(rawFromShown(format, e.target.value));
      }}
    />
  );
}
