import type { ReactNode } from 'react';
import type { Action } from '../../../screens/contract/actions.js';
import { useRunAction } from '../actions/use-run-action.js';
import { localTarget } from '../lib/local-target.js';

/**
 * A control that runs an action: a real link when it navigates (so it opens in a new tab and
 * reads as a link), else a button.
 */
export function ActionLink({
  action,
  className,
  children,
  current,
  accessibleName,
}: {
  action: Action;
  className: string;
  children: ReactNode;
  current?: boolean | undefined;
  /** The name assistive technology reads when the text alone does not say what it acts on. */
  accessibleName?: string | undefined;
}) {
  const run = useRunAction();
  if (action.type === 'navigate') {
    return (
      <a
        className={className}
        href={localTarget(action.to)}
        aria-current={current ? 'page' : undefined}
        aria-label={accessibleName}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          void run(action);
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} aria-label={accessibleName} onClick={() => void run(action)}>
      {children}
    </button>
  );
}
