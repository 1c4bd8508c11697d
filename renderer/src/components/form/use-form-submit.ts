import { useState } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { useRunAction } from '../../actions/use-run-action.js';
import { withShownValues } from './shown-values.js';

type Data = Record<string, unknown>;

/**
 * What both form engines (light and JSON) do on submit: run the form's action, show the server's
 * field errors and form-level message, clear them on success, keep the button disabled while the
 * action runs, and let the error modal's retry send the same data again. Masked fields are read
 * from the form element as they show at the tap (`withShownValues`), not from the form's state.
 */
export function useFormSubmit(node: ComponentOf<'form'>) {
  const run = useRunAction();
  const [errors, setErrors] = useState<Record<string, string>>(node.errors ?? {});
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  /** Submits `data` as the form element `form` shows it (a masked field's value read from the field). */
  function submitShown(data: Data, form: EventTarget | null): Promise<void> {
    return submit(form instanceof HTMLFormElement ? withShownValues(data, form, node.formats, node.id ?? 'form') : data);
  }

  async function submit(sent: Data): Promise<void> {
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await run(node.submit.action, { formData: sent, retry: () => void submit(sent) });
      if (result?.kind === 'field-errors') {
        setErrors(result.errors);
        setMessage(result.message);
      } else if (result) {
        setErrors({});
      }
    } finally {
      setBusy(false);
    }
  }

  return { errors, message, busy, submit: submitShown };
}
