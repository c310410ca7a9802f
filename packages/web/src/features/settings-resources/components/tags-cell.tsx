import { Badge } from '../../../components/ui';

/** Tags: the first label as 'key: value' plus '+N more'; all of them on hover. */
export function TagsCell({ labels }: { labels: Record<string, string> | null | undefined }) {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return null;
  const [key, value] = entries[0]!;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap" title={entries.map(([k, v]) => `${k}: ${v}`).join('\n')}>
      <Badge variant="outline" className="font-normal">
        {key}: {value}
      </Badge>
      {entries.length > 1 && <span className="text-xs text-muted-foreground">+{entries.length - 1} more</span>}
    </span>
  );
}
