import { describe, expect, it } from 'vitest';
import { deepFreeze, SharedNodeMemo } from './shared-nodes.js';

describe('shared layout nodes', () => {
  it('freezes a node all the way down', () => {
    const node = deepFreeze({ type: 'card', items: [{ type: 'text', text: 'a' }], action: { to: '/home' } });
    expect([node, node.items, node.items[0], node.action].every((part) => Object.isFrozen(part))).toBe(true);
  });

  it('transforms a shared node once, its result shared and frozen in turn; a node of a request’s own every time', () => {
    const memo = new SharedNodeMemo<{ n: number }, { twice: number }>();
    let made = 0;
    const twice = (node: { n: number }) => {
      made++;
      return { twice: node.n * 2 };
    };
    const shared = deepFreeze({ n: 2 });
    const first = memo.get(shared, twice);
    expect(memo.get(shared, twice)).toBe(first);
    expect(first).toEqual({ twice: 4 });
    expect(Object.isFrozen(first)).toBe(true);
    const own = { n: 3 };
    expect(memo.get(own, twice)).not.toBe(memo.get(own, twice));
    expect(made).toBe(3);
  });
});
