import { useEffect, type RefObject } from 'react';

/**
 * What the customer typed or ticked on a server-drawn screen before the renderer hydrated it: the
 * page's input holds it, the form's state does not (hydration keeps what the DOM has). Read once
 * when the field mounts and reported as if typed; `differs` gives undefined when there is nothing
 * to report (always so for a field the renderer drew itself).
 */
export function useAdoptEarlyInput<E extends HTMLElement, T>(ref: RefObject<E | null>, differs: (element: E) => T | undefined, report: (value: T) => void): void {
  useEffect(() => {
    const early = ref.current ? differs(ref.current) : undefined;
    if (early !== undefined) report(early);
    // Once, on mount: later changes come through the input's own events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
