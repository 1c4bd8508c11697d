import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, injected into the page under test. */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** The rule sets every screen is held to: WCAG 2.0 A/AA, 2.1 AA, 2.2 AA and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe on the page as it is; one line per violated rule, naming the rule, its impact and the elements (empty when none). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the devtools protocol: the page's CSP (scripts with its nonce only) does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
  }, [...AXE_TAGS]);
  return violations.map((v: Violation) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}
