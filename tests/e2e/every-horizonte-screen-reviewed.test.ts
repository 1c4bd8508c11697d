import { describe, test } from 'vitest';
import { useBrowser } from '../helpers/browser.js';
import { expectReviewed, PARTNERS } from '../helpers/every-screen.js';
import { useStack } from '../helpers/stack.js';

/** Every screen an Horizonte customer reaches: axe at 412 and 1280 px, the look at 412 px (tests/helpers/every-screen.ts). */
const stack = useStack();
const browser = useBrowser();

describe('every screen reviewed', () => {
  test(`${PARTNERS.horizonte.name}: every screen its customers reach passes axe at 412 and 1280 px and looks as its reviewed baseline`, async () => {
    await expectReviewed(stack, browser, PARTNERS.horizonte);
  }, 900_000);
});
