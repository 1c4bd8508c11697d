/**
 * Masked fields whose mask has not taken them yet. A server-drawn page says it works (main.tsx
 * removes aria-busy from #root) only once every masked field it drew has its mask: until then a
 * field is a plain input that hands its text over to the mask when the mask's code arrives, and
 * automated browsers (which wait for the page to work) must not type into that handover.
 */
let pending = 0;
let waiters: Array<() => void> = [];

/** A masked field mounted; call the returned function once its mask has taken it (or it unmounted). */
export function maskPending(): () => void {
  pending += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    if (pending === 0) for (const resolve of waiters.splice(0)) resolve();
  };
}

/** Resolves once no mounted masked field is waiting for its mask. */
export function masksAttached(): Promise<void> {
  return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
}
