/** Bound parameters of one statement: `add(value)` gives its placeholder (`$3`). */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Bind a value; returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
