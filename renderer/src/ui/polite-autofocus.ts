import { useState } from 'react';

/**
 * Whether a field asked to take the focus (`autofocus`) may take it now it appears: only when the
 * customer is not already in another control. On a slow phone parts of a screen arrive one after
 * the other (a lazily loaded form, say); a field that appears late must not pull the caret out of
 * the field being typed in. Decided once, when the field mounts.
 */
export function usePoliteAutoFocus(wanted: boolean | undefined): boolean {
  const [allowed] = useState(() => {
    if (!wanted) return false;
    if (typeof document === 'undefined') return true;
    const active = document.activeElement;
    return active === null || active === document.body || active === document.documentElement;
  });
  return allowed;
}
