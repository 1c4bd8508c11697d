/**
 * The time from a tap until the next screen is usable, read on the page's own clock: the tap is the
 * click event's time stamp, and the screen is usable at the first frame where its element
 * (`.screen-<id>`, which ScreenView draws) shows `text` and React owns `owned` (a tap on it does
 * something). Read from outside, a test tool's polling adds its own delay (Playwright waits 100 and
 * then 500 ms between its checks, and runs them on the throttled page): a wait of 0.45 s read as 0.9.
 */
import type { Page } from 'playwright-core';

export interface Usable {
  /** The screen's id (`doc.screen`). */
  screen: string;
  /** A text the screen shows once its content is there. */
  text: string;
  /** A control React must own (in the screen, or anywhere when the screen has none: the navigation bar's). */
  owned: string;
}

// A plain script, not a compiled function: the page runs it as written.
const ARM = `(function (usable) {
  var state = (window.__usable = { tap: null, usable: null });
  document.addEventListener('click', function (e) { if (state.tap === null) state.tap = e.timeStamp; }, { capture: true, once: true });
  function holds() {
    var drawn = document.querySelector('.screen-' + usable.screen);
    if (!drawn || !drawn.textContent || drawn.textContent.indexOf(usable.text) < 0) return false;
    var control = drawn.querySelector(usable.owned) || document.querySelector(usable.owned);
    return control !== null && Object.keys(control).some(function (k) { return k.indexOf('__reactFiber$') === 0; });
  }
  var observer = new MutationObserver(function () {
    if (state.tap === null || !holds()) return;
    observer.disconnect();
    requestAnimationFrame(function () { state.usable = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})`;

/** Watches for `usable` from the next tap on (call it before the tap). */
export async function watchUsable(page: Page, usable: Usable): Promise<void> {
  await page.evaluate(`${ARM}(${JSON.stringify(usable)})`);
}

/** Milliseconds from the tap to the first frame with the screen usable, once it is. */
export async function usableAfterTap(page: Page): Promise<number> {
  const answer = await page.waitForFunction(
    () => {
      const state = (window as unknown as { __usable: { tap: number; usable: number | null } }).__usable;
      return state.usable !== null && state.usable - state.tap;
    },
    undefined,
    { timeout: 60_000 },
  );
  return (await answer.jsonValue()) as number;
}
