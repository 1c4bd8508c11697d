import { useState } from 'react';
import type { Action } from '../../../screens/contract/actions.js';
import { useRunAction } from '../actions/use-run-action.js';

interface ActionButtonProps {
  label: string;
  action: Action;
  variant?: 'primary' | 'secondary' | 'link' | undefined;
}

/** A button that runs an action; disabled while its submit is in flight. */
export function ActionButton({ label, action, variant = 'primary' }: ActionButtonProps) {
  const run = useRunAction();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`button button-${variant}`}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await run(action);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </button>
  );
}
