/**
 * The row operations both console editors offer (decision-table rows, wizard steps), as pure
 * functions on a list: each answers a new list and leaves the one given as it was.
 */

/** The list with the item at `from` moved to `to`; the same items when `to` is outside the list. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (to < 0 || to >= items.length || from < 0 || from >= items.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The list with a deep copy of the item right after it. */
export function duplicateItem<T>(items: readonly T[], index: number): T[] {
  if (index < 0 || index >= items.length) return [...items];
  return [...items.slice(0, index + 1), structuredClone(items[index]!), ...items.slice(index + 1)];
}

/** The list without the item; a list keeps at least one. */
export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.length > 1 ? items.filter((_, i) => i !== index) : [...items];
}

/** One of the operations above, bound to its row: what a row's controls hand to their editor. */
export type RowEdit = <T>(items: readonly T[]) => T[];
