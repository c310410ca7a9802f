import { formatDuration } from '@ops/shared';

const COUNTS: [key: string, label: string][] = [
  ['scraped', 'Scraped'],
  ['created', 'Created'],
  ['updated', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['deleted', 'Deleted'],
  ['changes', 'Changes'],
  ['changes_deduped', 'Repeated changes'],
  ['analysis', 'Insights'],
  ['analysis_resolved', 'Insights resolved'],
  ['relationships', 'Relationships'],
];

/** The counts of one scrape run (a ScrapeRunSummary, as kept in its job history details). */
export function ScrapeSummaryView({ summary }: { summary: Record<string, unknown> | null | undefined }) {
  if (!summary) return null;
  const num = (k: string) => (typeof summary[k] === 'number' ? (summary[k] as number) : null);
  const types = summary.types && typeof summary.types === 'object' ? Object.entries(summary.types as Record<string, number>) : [];
  const errors = Array.isArray(summary.errors) ? (summary.errors as unknown[]).map(String) : [];
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {COUNTS.filter(([k]) => num(k) !== null).map(([k, label]) => (
          <div key={k} className="rounded-md border px-2 py-1">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{num(k)}</dd>
          </div>
        ))}
        {num('duration_ms') !== null && (
          <div className="rounded-md border px-2 py-1">
            <dt className="text-xs text-muted-foreground">Duration</dt>
            <dd className="font-semibold tabular-nums">{formatDuration(num('duration_ms'))}</dd>
          </div>
        )}
      </dl>
      {summary.complete === false && <p className="text-warning">The run was partial: nothing was deleted or resolved.</p>}
      {types.length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase text-muted-foreground">Items by type</h3>
          <ul className="flex flex-wrap gap-1.5">
            {types.map(([type, n]) => (
              <li key={type} className="rounded border bg-muted/50 px-1.5 text-xs">
                {type}: {n}
              </li>
            ))}
          </ul>
        </div>
      )}
      {errors.length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase text-muted-foreground">Errors</h3>
          <ul className="list-disc pl-5 text-destructive">
            {errors.map((e, i) => (
              <li key={i} className="break-words">
                {e}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
