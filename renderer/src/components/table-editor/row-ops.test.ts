import { describe, expect, it } from 'vitest';
import { duplicateItem, moveItem, removeItem } from './row-ops.js';

describe('the editors’ row operations', () => {
  const items = ['a', 'b', 'c'];

  it('moves an item up or down, and nowhere past either end', () => {
    expect(moveItem(items, 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(items, 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 2, 3)).toEqual(items);
  });

  it('duplicates an item right after it, as a copy of its own', () => {
    const rows = [{ when: { a: [1] } }, { when: {} }];
    const copied = duplicateItem(rows, 0);
    expect(copied).toEqual([rows[0], rows[0], rows[1]]);
    expect(copied[1]).not.toBe(rows[0]);
  });

  it('removes an item but never the last one', () => {
    expect(removeItem(items, 1)).toEqual(['a', 'c']);
    expect(removeItem(['a'], 0)).toEqual(['a']);
  });

  it('leaves the list it is given as it was', () => {
    const before = [...items];
    moveItem(items, 0, 2);
    duplicateItem(items, 0);
    removeItem(items, 0);
    expect(items).toEqual(before);
  });
});
