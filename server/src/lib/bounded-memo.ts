/**
 * A get-or-make memo of at most `size` entries, emptied all at once when full: for values that
 * cost something to make and are asked for again and again by few keys (a client's capabilities
 * headers, a session's token spread, the amounts a screen shows). A flood of other keys only
 * empties it; nothing is evicted one by one.
 */
export function boundedMemo<K, V>(size: number): (key: K, make: () => V) => V {
  const kept = new Map<K, V>();
  return (key, make) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make();
      if (kept.size >= size) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
