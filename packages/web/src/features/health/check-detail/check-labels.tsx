import { Badge } from '../../../components/ui';

/** The check's labels as key: value chips. */
export function CheckLabels({ labels }: { labels: Readonly<Record<string, string>> }) {
  const entries = Object.entries(labels);
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Labels">
      {entries.map(([k, v]) => (
        <li key={k}>
          <Badge variant="outline" className="font-normal">
            <span className="text-muted-foreground">{k}:</span> {v}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
