import { expect, it } from 'vitest';
import corpus from './conditions.corpus.json' with { type: 'json' };
import type { Condition } from './conditions.js';

interface Case {
  name: string;
  expr: unknown;
  data: unknown;
  holds?: boolean;
  error?: boolean;
}

/** Registers one test per case of the shared corpus, for whichever side (server, renderer) calls it. */
export function runConditionCorpus(evaluate: (expr: Condition, data: unknown) => boolean): void {
  for (const c of corpus.cases as Case[]) {
    it(c.name, () => {
      if (c.error) expect(() => evaluate(c.expr as Condition, c.data)).toThrow();
      else expect(evaluate(c.expr as Condition, c.data)).toBe(c.holds);
    });
  }
}
