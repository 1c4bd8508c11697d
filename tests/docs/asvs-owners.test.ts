import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAsvs } from '../../scripts/asvs-table.js';

const goLive = readFileSync(fileURLToPath(new URL('../../docs/go-live.md', import.meta.url)), 'utf8');
/** GitHub's anchors of the page's headings. */
const anchors = new Set([...goLive.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-')));

/**
 * "Not met" rows still the product's own, each with why it is open. None is left: every row not met
 * names its owner outside the product and its item of docs/go-live.md. A row added here must say
 * why it is open, and the list only shrinks (a row listed that is no longer "not met" fails).
 */
const STILL_THE_PRODUCTS: Record<string, string> = {};

const data = readAsvs();

describe('docs/asvs-l2.json: every requirement not met has an owner', () => {
  it('names, for each row not met, its owner outside the product and an item of docs/go-live.md', () => {
    const problems = data.requirements
      .filter((r) => r.verdict === 'not met' && !(r.id in STILL_THE_PRODUCTS))
      .flatMap((r) => (!r.owner ? [`${r.id}: no owner`] : !r.goLive || !anchors.has(r.goLive) ? [`${r.id}: go-live item "${r.goLive ?? ''}" is not a heading of docs/go-live.md`] : []));
    expect(problems).toEqual([]);
  });

  it('gives an owner only to rows not met, and never to a row the product still holds', () => {
    expect(data.requirements.filter((r) => (r.owner || r.goLive) && (r.verdict !== 'not met' || r.id in STILL_THE_PRODUCTS)).map((r) => r.id)).toEqual([]);
  });

  it('lists as the product’s only rows still not met (take a row off once it is met or owned)', () => {
    const notMet = new Set(data.requirements.filter((r) => r.verdict === 'not met').map((r) => r.id));
    expect(Object.keys(STILL_THE_PRODUCTS).filter((id) => !notMet.has(id))).toEqual([]);
  });
});
