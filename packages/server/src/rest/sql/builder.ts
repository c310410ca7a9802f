/** Quote an identifier; names come from introspection, quoting keeps odd ones (spaces, quotes) safe. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quote a string literal (standard_conforming_strings): only for catalog-derived text, never for client values. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Collects bound parameters while SQL text is assembled; every client value goes through `param`. */
export class Params {
  readonly values: unknown[] = [];

  /** Bind a value and return its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
