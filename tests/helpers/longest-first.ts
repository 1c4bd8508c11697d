import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in: the longest first. Two workers share the suite, so a long file that
 * starts last runs alone at the end (on a clean clone vitest has no timings and starts the largest
 * files first; the review of every screen is a small file that runs for minutes). The files known
 * to take longest (the parts of the typing tries and of the review of every screen, up to a
 * minute each), then the other browser journeys, then the rest in vitest's own order.
 */
const LONGEST = [/typing-while-the-login-becomes-interactive/, /every-aurora-screen-reviewed/, /every-horizonte-screen-reviewed/];

function rank(file: string): number {
  const longest = LONGEST.findIndex((pattern) => pattern.test(file));
  if (longest >= 0) return longest;
  return file.includes('/tests/e2e/') ? LONGEST.length : LONGEST.length + 1;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered.map((spec, index) => ({ spec, index })).sort((a, b) => rank(a.spec.moduleId) - rank(b.spec.moduleId) || a.index - b.index).map(({ spec }) => spec);
  }
}
