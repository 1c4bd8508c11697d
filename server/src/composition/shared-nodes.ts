/**
 * Layout nodes that depend on no value of a request are made once and shared, frozen, by every
 * document filled from their layout (composition/template.ts). What transforms a document node by node
 * (the capability downgrade, the form engines) does so once per shared node, through this memo.
 */

/** `value`, frozen all the way down (a part already frozen is taken as frozen all the way down). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A transform's result for each shared node, made once and itself frozen (it is shared in turn);
 * a node of one request's own (not frozen) is transformed on every call.
 */
export class SharedNodeMemo<N extends object, R> {
  readonly #results = new WeakMap<N, R>();

  get(node: N, make: (node: N) => R): R {
    if (!Object.isFrozen(node)) return make(node);
    let result = this.#results.get(node);
    if (result === undefined) {
      result = deepFreeze(make(node));
      this.#results.set(node, result);
    }
    return result;
  }
}
