import { describe, expect, it } from 'vitest';
import { runConditionCorpus } from './conditions-corpus.js';
import { holds, pathsOf } from './conditions.js';

describe('condition language, as the server evaluates it', () => {
  runConditionCorpus(holds);

  it('lists the paths a condition reads', () => {
    expect([...pathsOf({ and: [{ eq: [{ var: 'a.b' }, 1] }, { exists: 'c' }] })]).toEqual(['a.b', 'c']);
  });
});
