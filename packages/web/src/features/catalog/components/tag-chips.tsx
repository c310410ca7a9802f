import { cn } from '../../../lib/cn';

/** Labels or tags as small key:value chips; `max` shows the first ones and '+N more'. */
export function TagChips({
  values,
  max = 3,
  className,
}: {
  values: Record<string, string> | null | undefined;
  max?: number;
  className?: string;
}) {
  const entries = Object.entries(values ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  const shown = entries.slice(0, max);
  const rest = entries.length - shown.length;
  return (
    <span className={cn('inline-flex max-w-full flex-wrap gap-1', className)}>
      {shown.map(([k, v]) => (
        <span key={k} className="max-w-48 truncate rounded border bg-muted/60 px-1.5 text-xs" title={`${k}: ${v}`}>
          <span className="text-muted-foreground">{k}:</span> {v}
        </span>
      ))}
      {rest > 0 && (
        <span
          className="text-xs text-muted-foreground"
          title={entries
            .slice(max)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n')}
        >
          +{rest} more
        </span>
      )}
    </span>
  );
}
