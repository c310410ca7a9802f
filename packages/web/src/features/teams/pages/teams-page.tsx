import { MESSAGES } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { buttonClasses, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { listTeams, teamKeys } from '../api/teams-api';
import { TEAM_COLUMNS } from '../components/team-columns';

/** /settings/teams: the teams (not deleted) by name, paged on the server; a row opens its editor. */
export function TeamsPage() {
  const navigate = useNavigate();
  const canWrite = usePermissions().can('database', 'write');
  const table = useTableUrlState({ defaults: { sortBy: 'name', sortOrder: 'asc', pageSize: 100 } });
  const teams = useQuery({
    queryKey: teamKeys.list(table.query),
    queryFn: ({ signal }) => listTeams(table.query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0, // settings lists are never served from cache
  });
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Teams"
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          canWrite && (
            <Link to="/settings/teams/new" className={buttonClasses('primary', 'sm')}>
              <Plus aria-hidden /> Add Team
            </Link>
          )
        }
      />
      <DataTable
        label="Teams"
        className="flex-1"
        columns={TEAM_COLUMNS}
        data={teams.data?.data}
        total={teams.data?.total}
        state={table}
        isLoading={teams.isPending}
        isFetching={teams.isFetching}
        error={teams.error}
        onRetry={() => void teams.refetch()}
        getRowId={(t) => t.id}
        onRowClick={(t) => void navigate(`/settings/teams/${t.id}`)}
        emptyText={MESSAGES.noResources}
      />
    </div>
  );
}
