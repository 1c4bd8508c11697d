import { useEffect, useId, useRef } from 'react';
import { TEXTS } from '../texts.js';
import { Dialog } from './dialog.js';
import type { ManualCopy } from './ui-state.js';

/**
 * What a failed copy shows: "Copie o código manualmente" and the text in a read-only field named
 * by what it is (Linha digitável, Código Pix copia e cola), focused and wholly selected, so that
 * the device's own Copy (its menu, a long press, the keyboard) takes it. Closing gives focus back
 * to the button that copied.
 */
export function ManualCopyDialog({ copy, onClose }: { copy: ManualCopy; onClose: () => void }) {
  const fieldId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);

  // Runs after the dialog focused itself (a parent's effect runs after its children's).
  useEffect(() => selectAll(field.current), []);

  return (
    <Dialog
      title={TEXTS.copyManuallyTitle}
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          {TEXTS.close}
        </button>
      }
    >
      <p id={hintId}>{TEXTS.copyManuallyHint}</p>
      <label className="field-label" htmlFor={fieldId}>
        {copy.label}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className="input manual-copy"
        readOnly
        value={copy.text}
        rows={Math.min(6, Math.ceil(copy.text.length / 32))}
        aria-describedby={hintId}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onFocus={(e) => selectAll(e.currentTarget)}
      />
    </Dialog>
  );
}

function selectAll(field: HTMLTextAreaElement | null): void {
  if (!field) return;
  if (document.activeElement !== field) field.focus({ preventScroll: true });
  // select() alone leaves iOS Safari with nothing selected in a read-only field.
  field.setSelectionRange(0, field.value.length);
  field.select();
}
