import { formatDuration } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateCell } from '../../../components/data-table/cells';
import { Dialog, EmptyState, ErrorState } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { catalogKeys } from '../api/catalog-keys';
import { checkStatuses, configChecks, type ConfigCheck } from '../api/checks-api';
import { HealthBadge } from '../components/health-badge';
import { Loading } from '../components/loading';

function CheckDialog({ check, onClose }: { check: ConfigCheck | null; onClose: () => void }) {
  const statuses = useQuery({
    queryKey: catalogKeys.checkStatuses(check?.id ?? ''),
    queryFn: ({ signal }) => checkStatuses(check!.id, signal),
    enabled: !!check,
    staleTime: 10_000,
  });
  return (
    <Dialog open={!!check} onOpenChange={(o) => !o && onClose()} title={check?.name ?? 'Check'} size="lg">
      {check && (
        <div className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Type</dt>
              <dd>{check.type}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Status</dt>
              <dd>
                <HealthBadge health={check.status} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Namespace</dt>
              <dd>{check.namespace}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last run</dt>
              <dd>{check.last_runtime ? <DateCell value={check.last_runtime} /> : 'never'}</dd>
            </div>
          </dl>
          {statuses.isPending ? (
            <Loading />
          ) : statuses.error ? (
            <ErrorState error={statuses.error} />
          ) : (statuses.data ?? []).length === 0 ? (
            <EmptyState title="No data available" />
          ) : (
            <table aria-label="Status history" className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs uppercase text-muted-foreground">
                  <th className="py-1">Time</th>
                  <th>Status</th>
                  <th>Duration</th>
                  <th>Message</th>
                </tr>
              </thead>
              <tbody>
                {statuses.data!.map((s) => (
                  <tr key={s.time} className="border-t">
                    <td className="py-1">
                      <DateCell value={s.time} />
                    </td>
                    <td className={cn(s.status ? 'text-success' : 'text-destructive')}>{s.status ? 'Healthy' : 'Unhealthy'}</td>
                    <td>{formatDuration(s.duration)}</td>
                    <td className="max-w-xs truncate" title={s.error ?? s.message ?? ''}>
                      {s.error || s.message}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The Checks tab: health checks linked to the config, each opening a detail dialog with its latest runs. */
export function ChecksTab({ configId }: { configId: string }) {
  const checks = useQuery({
    queryKey: catalogKeys.checks(configId),
    queryFn: ({ signal }) => configChecks(configId, signal),
    staleTime: 30_000,
  });
  const [open, setOpen] = useState<ConfigCheck | null>(null);
  if (checks.isPending) return <Loading />;
  if (checks.error) return <ErrorState error={checks.error} onRetry={() => void checks.refetch()} />;
  if (checks.data.length === 0) return <EmptyState title="No data available" description="No health checks are linked to this config." />;
  return (
    <>
      <ul aria-label="Checks" className="flex flex-col divide-y rounded-lg border bg-card">
        {checks.data.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-accent/50"
              onClick={() => setOpen(c)}
            >
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{c.name}</span>
                <span className="text-xs text-muted-foreground">
                  {c.type} · {c.namespace}
                </span>
              </span>
              <HealthBadge health={c.status} />
            </button>
          </li>
        ))}
      </ul>
      <CheckDialog check={open} onClose={() => setOpen(null)} />
    </>
  );
}
