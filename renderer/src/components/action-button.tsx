import { useEffect, useState } from 'react';
import type { Action } from '../../../screens/contract/actions.js';
import { useRunAction } from '../actions/use-run-action.js';

interface ActionButtonProps {
  label: string;
  /** The name assistive technology reads when the label alone does not say what the button acts on. */
  accessibleName?: string | undefined;
  action: Action;
  variant?: 'primary' | 'secondary' | 'link' | undefined;
  /** Disabled until `until`, showing `label` with {segundos} left. */
  countdown?: { until: string; label: string } | undefined;
}

/** Seconds left until `until`, from the clock (so it stays right after the tab sleeps). */
export function secondsLeft(until: string, now: number): number {
  const at = Date.parse(until);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

function useSecondsLeft(until: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    window.addEventListener('focus', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener('focus', tick);
    };
  }, [until]);
  return until ? secondsLeft(until, now) : 0;
}

/** A button that runs an action; disabled while its submit is in flight or its countdown runs. */
export function ActionButton({ label, accessibleName, action, variant = 'primary', countdown }: ActionButtonProps) {
  const run = useRunAction();
  const [busy, setBusy] = useState(false);
  const left = useSecondsLeft(countdown?.until);
  const waiting = left > 0;
  return (
    <button
      type="button"
      className={`button button-${variant}`}
      disabled={busy || waiting}
      aria-label={accessibleName}
      aria-live={countdown ? 'polite' : undefined}
      // Marks a label that moves with the clock (screenshot reviews cover it).
      data-countdown={countdown ? '' : undefined}
      // A countdown's seconds on the server's clock and on the phone's differ: the phone's are shown.
      suppressHydrationWarning={countdown !== undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await run(action);
        } finally {
          setBusy(false);
        }
      }}
    >
      {waiting && countdown ? countdown.label.replace('{segundos}', String(left)) : label}
    </button>
  );
}
