import { stringify } from 'yaml';

/** JSON (indented) or YAML text of a value, ending with a newline. */
export function renderData(format: 'json' | 'yaml', value: unknown): string {
  return format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : stringify(value);
}

/** A plain-text table: upper-case headers, columns padded to the widest cell, three spaces apart. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('   ')
      .trimEnd();
  return [headers, ...rows].map(line).join('\n') + '\n';
}

/** The value at a dotted path such as `spec.value` in a document. */
export function valueAt(doc: unknown, path: string): unknown {
  let v: unknown = doc;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** How a value shows in a table cell: text as is, nothing for null, JSON for objects. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
