import { MESSAGES } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { buttonClasses, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { canaryKeys, latestCanaryJobs, listCanaries, peopleByIds } from '../api/canary-api';
import { clientTableState } from '../components/client-table-state';
import { CANARY_COLUMNS, type CanaryListRow } from '../settings/canary-columns';

const SORT = { sortBy: 'name' as const, sortDesc: false };
const noSort = (): void => undefined;

/** /settings/canaries: the health checks' canaries with their job status; a row opens its editor. */
export function CanariesPage() {
  const navigate = useNavigate();
  const perms = usePermissions();
  const list = useQuery({ queryKey: canaryKeys.list, queryFn: async ({ signal }) => {
    const canaries = await listCanaries(signal);
    const ids = canaries.map((c) => c.id);
    const creators = [...new Set(canaries.map((c) => c.created_by).filter((id): id is string => !!id))];
    const [jobs, people] = await Promise.all([latestCanaryJobs(ids, signal), peopleByIds(creators, signal)]);
    return { canaries, jobs, people };
  }, staleTime: 0 });
  const rows = useMemo<CanaryListRow[]>(() => {
    if (!list.data) return [];
    const { canaries, jobs, people } = list.data;
    return canaries.map((c) => ({
      ...c,
      job: jobs.find((j) => j.resource_id === c.id),
      lastFailed: jobs.find((j) => j.resource_id === c.id && j.status === 'FAILED')?.time_start,
      creator: people.find((p) => p.id === c.created_by),
    }));
  }, [list.data]);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Health"
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          perms.can('canaries', 'write') && (
            <Link to="/settings/canaries/new" className={buttonClasses('primary', 'sm')}>
              <Plus aria-hidden /> Add Health Check
            </Link>
          )
        }
      />
      <DataTable
        label="Health checks settings"
        className="flex-1"
        columns={CANARY_COLUMNS}
        data={rows}
        total={rows.length}
        state={clientTableState(SORT, rows.length, noSort)}
        mode="infinite"
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`/settings/canaries/${r.id}`)}
        emptyText={MESSAGES.noResources}
      />
    </div>
  );
}
