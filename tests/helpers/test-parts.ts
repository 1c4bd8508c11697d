/**
 * One of `of` test files that share a long list of cases (1-based), so the suite's workers share
 * them: the review of every screen and the typing tries each ran as one file of minutes.
 */
export interface TestPart {
  part: number;
  of: number;
}

/** The cases of a part: every `of`-th, starting at its own, in the list's order. */
export const casesOf = <T>(cases: readonly T[], { part, of }: TestPart): T[] => cases.filter((_, i) => i % of === part - 1);
