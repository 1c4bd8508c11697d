import { describe, expect, it } from 'vitest';
import { partners, quotas, slips } from '../../../back-office/index.js';
import { MemoryKeptAnswers } from '../storage/kept-answers-store.js';
import { SealKeys } from '../storage/sealing.js';
import { KeptAnswers } from './kept-answers.js';

function keeper() {
  const clock = { now: () => 1_000_000 };
  const kept = new KeptAnswers({ store: new MemoryKeptAnswers(() => clock.now()), seal: SealKeys.ephemeral(), clock });
  return { kept, clock };
}

const ana = { partnerId: 1, sessionId: 'session-of-ana', tokenScope: 'customer' };
const bruno = { partnerId: 1, sessionId: 'session-of-bruno', tokenScope: 'customer' };

/** A fetch that counts its calls and answers what `answer` holds when it is called. */
function backOffice<T>(answer: () => T) {
  const counted = { calls: 0, fetch: async () => (counted.calls++, answer()) };
  return counted;
}

describe('KeptAnswers', () => {
  it('asks once for concurrent reads and serves the answer again within its refresh time', async () => {
    const { kept } = keeper();
    const office = backOffice(() => ({ data: [] }));
    await Promise.all([1, 2, 3].map(() => kept.read(partners.warnings, { params: { id: 1 } }, ana, office.fetch)));
    await kept.read(partners.warnings, { params: { id: 1 } }, bruno, office.fetch);
    expect(office.calls).toBe(1);
  });

  it('keeps a partner’s answer to that partner, and a customer’s to their session', async () => {
    const { kept } = keeper();
    const warnings = backOffice(() => ({ data: [] }));
    await kept.read(partners.warnings, { params: { id: 1 } }, ana, warnings.fetch);
    await kept.read(partners.warnings, { params: { id: 68 } }, { ...ana, partnerId: 68 }, warnings.fetch);
    const list = backOffice(() => ({ data: [], page: 1, total_pages: 1 }));
    await kept.read(quotas.list, { query: { page: 1, page_size: 20 } }, ana, list.fetch);
    await kept.read(quotas.list, { query: { page: 1, page_size: 20 } }, bruno, list.fetch);
    expect([warnings.calls, list.calls]).toEqual([2, 2]);
  });

  it('serves a stale answer and refreshes it once in the background, then asks while the customer waits past its life', async () => {
    const { kept, clock } = keeper();
    let text = 'before';
    const office = backOffice(() => ({ data: [{ text }] }));
    const read = () => kept.read(partners.warnings, { params: { id: 1 } }, ana, office.fetch);
    await read();
    text = 'after';
    clock.now = () => 1_000_000 + 40_000;
    expect((await Promise.all([read(), read()])).map((r) => r.value)).toEqual([{ data: [{ text: 'before' }] }, { data: [{ text: 'before' }] }]);
    await kept.settled();
    expect(office.calls).toBe(2);
    expect((await read()).value).toEqual({ data: [{ text: 'after' }] });
    text = 'later';
    clock.now = () => 1_000_000 + 40_000 + 61_000;
    expect((await read()).value).toEqual({ data: [{ text: 'later' }] });
    expect(office.calls).toBe(3);
  });

  it('forgets what a change makes stale for that customer only, and does not let an older read write it back', async () => {
    const { kept } = keeper();
    let nickname = 'old';
    const office = backOffice(() => ({ data: [{ apelido: nickname }], page: 1, total_pages: 1 }));
    const list = (owner: typeof ana) => kept.read(quotas.list, { query: { page: 1, page_size: 20 } }, owner, office.fetch);
    await Promise.all([list(ana), list(bruno)]);
    // A read of the old short list is on its way when the change lands.
    let release!: () => void;
    let slow!: Promise<unknown>;
    await new Promise<void>((asked) => {
      slow = kept.read(quotas.simple, {}, ana, () => new Promise<{ data: [] }>((resolve) => {
        release = () => resolve({ data: [] });
        asked();
      }));
    });
    nickname = 'new';
    await kept.invalidate(quotas.preferences.invalidates!(), ana);
    release();
    await slow;
    expect((await list(ana)).value).toEqual({ data: [{ apelido: 'new' }], page: 1, total_pages: 1 });
    expect((await list(bruno)).value).toEqual({ data: [{ apelido: 'old' }], page: 1, total_pages: 1 });
    const simple = backOffice(() => ({ data: [] }));
    await kept.read(quotas.simple, {}, ana, simple.fetch);
    expect(simple.calls).toBe(1);
  });

  it('asks every time for what the contract does not keep, and for a partner’s answer without a partner', async () => {
    const { kept } = keeper();
    const office = backOffice(() => ({}));
    await kept.read(slips.delivery, { params: { id: 1 } }, ana, office.fetch);
    await kept.read(slips.delivery, { params: { id: 1 } }, ana, office.fetch);
    await kept.read(partners.warnings, { params: { id: 1 } }, {}, office.fetch);
    await kept.read(partners.warnings, { params: { id: 1 } }, {}, office.fetch);
    expect(office.calls).toBe(4);
  });

  it('hands every reader the one kept answer, which none may change', async () => {
    const { kept } = keeper();
    const office = backOffice(() => ({ data: [{ text: 'aviso' }] }));
    await kept.read(partners.warnings, { params: { id: 1 } }, ana, office.fetch);
    const { value } = await kept.read(partners.warnings, { params: { id: 1 } }, bruno, office.fetch);
    expect(() => (value as { data: unknown[] }).data.push({})).toThrow(TypeError);
  });
});
