import { describe, expect, test } from 'vitest';
import { useBrowser } from '../helpers/browser.js';
import { CONSOLE_PHONE, consoleViolations } from '../helpers/console-pages.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('the operations console', () => {
  test('every console page, every definition with its editor included, passes axe at 390 px', { timeout: 900_000 }, async () => {
    expect(await consoleViolations(stack, browser, CONSOLE_PHONE)).toEqual([]);
  });
});
