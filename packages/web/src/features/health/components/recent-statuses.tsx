import type { RecentStatus } from '@ops/shared';
import { formatDuration } from '@ops/shared';
import { HealthDot } from './health-dot';

/** The last few runs as dots, oldest left, newest right (hover shows time and duration). */
export function RecentStatuses({ statuses }: { statuses: readonly RecentStatus[] }) {
  if (statuses.length === 0) return <span className="text-xs text-muted-foreground">no runs</span>;
  const oldestFirst = [...statuses].reverse();
  return (
    <span className="inline-flex items-center gap-0.5" aria-label={`Last ${statuses.length} runs`}>
      {oldestFirst.map((s) => (
        <span key={s.time} title={`${new Date(s.time).toLocaleString()} · ${formatDuration(s.duration)} · ${s.status ? 'passed' : 'failed'}`}>
          <HealthDot health={s.status} size="sm" />
        </span>
      ))}
    </span>
  );
}
