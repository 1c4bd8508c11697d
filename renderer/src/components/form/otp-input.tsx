import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { usePoliteAutoFocus } from '../../ui/polite-autofocus.js';

/** Characters a one-time code may hold; anything else typed is dropped. */
const clean = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A one-time code in separate boxes (4 by default, `ui:options.length`): uppercase, focus moves
 * forward as the customer types, Backspace on an empty box goes back, a paste fills the boxes.
 * The first box carries the field's id, so the field label names it.
 */
export function OtpInput(props: WidgetProps) {
  const { id, value, disabled, readonly, autofocus, onChange, options, rawErrors } = props;
  const length = typeof options.length === 'number' ? options.length : 4;
  const code = clean(String(value ?? '')).slice(0, length);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const invalid = (rawErrors?.length ?? 0) > 0;
  const focusNow = usePoliteAutoFocus(autofocus);

  function write(next: string, focus: number) {
    const trimmed = next.slice(0, length);
    onChange(trimmed === '' ? options.emptyValue : trimmed);
    boxes.current[Math.min(Math.max(focus, 0), length - 1)]?.focus();
  }

  return (
    <div className="otp" role="group" aria-describedby={invalid ? `${id}__error` : undefined}>
      {Array.from({ length }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          id={i === 0 ? id : `${id}-${i + 1}`}
          name={i === 0 ? id : undefined}
          aria-label={i === 0 ? undefined : `Caractere ${i + 1} de ${length}`}
          className="input otp-box"
          inputMode="text"
          autoCapitalize="characters"
          autoComplete={i === 0 && typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
          autoFocus={focusNow && i === 0}
          disabled={disabled}
          readOnly={readonly}
          maxLength={length}
          value={code[i] ?? ''}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const typed = clean(e.target.value);
            if (typed.length === 0) return write(code.slice(0, i) + code.slice(i + 1), i);
            // One character typed, or several pasted/autofilled: fill from this box on.
            const current = code[i];
            const incoming = current && typed.length > 1 && typed.startsWith(current) ? typed.slice(1) : typed;
            write(code.slice(0, i) + incoming + code.slice(i + incoming.length), i + incoming.length);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' && !code[i] && i > 0) {
              e.preventDefault();
              write(code.slice(0, i - 1) + code.slice(i), i - 1);
            }
          }}
          onPaste={(e) => {
            e.preventDefault();
            const pasted = clean(e.clipboardData.getData('text'));
            write(code.slice(0, i) + pasted, i + pasted.length);
          }}
        />
      ))}
    </div>
  );
}
