type Primitive = string | number | boolean | null;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Rows of an object whose values are flat objects (e.g. scrape_summary {type: {added, updated}}), else undefined. */
function asGrid(value: unknown): { rows: [string, Record<string, Primitive>][]; columns: string[] } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return undefined;
  const columns = new Set<string>();
  for (const [, row] of entries) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return undefined;
    for (const [k, v] of Object.entries(row)) {
      if (!isPrimitive(v)) return undefined;
      columns.add(k);
    }
  }
  return { rows: entries as [string, Record<string, Primitive>][], columns: [...columns] };
}

/** A summary from a job's details: a small table when it is a map of counters, else formatted JSON. */
export function SummaryView({ value, label }: { value: unknown; label: string }) {
  const grid = asGrid(value);
  if (!grid) {
    return (
      <pre className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 text-xs" aria-label={label}>
        {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      </pre>
    );
  }
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="bg-muted text-left text-xs uppercase text-muted-foreground">
          <tr>
            <th className="px-3 py-2">Name</th>
            {grid.columns.map((c) => (
              <th key={c} className="px-3 py-2">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map(([name, row]) => (
            <tr key={name} className="border-t">
              <td className="px-3 py-1.5 font-medium">{name}</td>
              {grid.columns.map((c) => (
                <td key={c} className="px-3 py-1.5 tabular-nums">
                  {row[c] == null ? '' : String(row[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
