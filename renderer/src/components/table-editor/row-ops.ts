/**
 * The row operations both console editors offer (decision-table rows, wizard steps), on the list
 * in place: the models call them on their own clone.
 */

/** Moves the item at `from` to `to`; nothing when `to` is outside the list. */
export function moveItem<T>(items: T[], from: number, to: number): void {
  if (to < 0 || to >= items.length) return;
  const [item] = items.splice(from, 1);
  items.splice(to, 0, item!);
}

/** Inserts a deep copy of the item right after it. */
export function duplicateItem<T>(items: T[], index: number): void {
  items.splice(index + 1, 0, structuredClone(items[index]!));
}

/** Removes the item; the list keeps at least one. */
export function deleteItem<T>(items: T[], index: number): void {
  if (items.length > 1) items.splice(index, 1);
}
