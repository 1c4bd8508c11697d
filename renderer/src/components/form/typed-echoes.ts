/**
 * The values an input reported to its parent that the parent has not echoed back yet, oldest
 * first. A parent re-renders later than a customer types (a slow phone, a busy form library), so
 * its echo of an older value must not overwrite what was typed since; only a value the input
 * never reported (prefilled, or sent by the server) is written into the field.
 */
export class TypedEchoes<T> {
  private pending: T[] = [];

  constructor(private readonly limit = 64) {}

  /** The input reported `value` to its parent. */
  reported(value: T): void {
    this.pending.push(value);
    if (this.pending.length > this.limit) this.pending.shift();
  }

  /**
   * The parent now holds `value`: true when it is an echo of something typed (drop it and every
   * older one, since a parent may skip renders), false when it comes from elsewhere and must be
   * written into the field.
   */
  isEcho(value: T): boolean {
    const at = this.pending.indexOf(value);
    if (at < 0) {
      this.pending = [];
      return false;
    }
    this.pending.splice(0, at + 1);
    return true;
  }
}
