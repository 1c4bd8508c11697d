import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAsvs } from '../../scripts/asvs-table.js';

const goLive = readFileSync(fileURLToPath(new URL('../../docs/go-live.md', import.meta.url)), 'utf8');
/** GitHub's anchors of the page's headings. */
const anchors = new Set([...goLive.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-')));

/**
 * "Not met" rows still the product's own, each with why it is open: met by work in progress
 * elsewhere in the tree, or not done yet. A row listed here that is no longer "not met" fails the
 * test, so the list only shrinks; a row not listed must name its owner outside the product.
 */
const STILL_THE_PRODUCTS: Record<string, string> = {
  'V7.4.2': 'a customer disabled at the back office keeps a session until its next refused call or refresh',
  'V7.4.4': 'logout on every console page, in progress',
  'V15.2.3': 'a production image without the sandbox, in progress',
  'V4.1.2': 'not done: the port-80 route and the server answering /api/ over http with an error, not a redirect',
  'V5.4.1': 'not done: the server names each uploaded file instead of forwarding the customer’s name',
  'V11.2.2': 'partly done: sessions and helper cookies carry a seal version and key id under a rotating ring; the biometric grant records no scheme version yet',
  'V12.1.1': 'not done: TLS 1.2 as the minimum pinned in an Envoy Gateway ClientTrafficPolicy, validated with the manifests',
  'V12.1.2': 'not done: the cipher list pinned in the same ClientTrafficPolicy',
};

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
