import type { ColumnDef } from '@tanstack/react-table';
import { DateCell, PersonCell } from '../../../components/data-table';
import { jobDetailTabs, JobStatusBadge, type JobDetailsSource } from '../../../components/job-history';
import { Button } from '../../../components/ui';
import { agentOf, type IntegrationLookups } from '../api/integrations-api';
import type { IntegrationRow } from '../api/integration-types';
import { IntegrationNameCell } from './integration-name-cell';

/** The run a row carries, as the job details dialog reads it (its errors are inside the details). */
export function latestRun(row: IntegrationRow): JobDetailsSource {
  return { name: row.job_name ?? row.name ?? '', details: row.job_details, errors: [] };
}

/**
 * Columns of /settings/integrations: Name (type icon, agent badge), Namespace, Source, Job Status with
 * '(View details)' when the run has details, Last Run, Created By, Created At, Updated At. Ids are the view's
 * columns the server sorts by.
 */
export function integrationColumns(
  lookups: IntegrationLookups,
  onDetails: (row: IntegrationRow) => void,
): ColumnDef<IntegrationRow, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      meta: { className: 'max-w-0 w-full' },
      cell: ({ row: { original: r } }) => {
        const agent = agentOf(r);
        return (
          <IntegrationNameCell
            name={r.name ?? ''}
            type={r.integration_type}
            agent={agent ? { id: agent, name: lookups.agents.get(agent) } : null}
          />
        );
      },
    },
    { id: 'namespace', header: 'Namespace', cell: ({ row }) => row.original.namespace },
    { id: 'source', header: 'Source', cell: ({ row }) => row.original.source ?? '' },
    {
      id: 'job_status',
      header: 'Job Status',
      cell: ({ row: { original: r } }) =>
        r.job_status ? (
          <span className="inline-flex items-center gap-1.5">
            <JobStatusBadge status={r.job_status} />
            {jobDetailTabs(latestRun(r)).length > 0 && (
              <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onDetails(r)}>
                (View details)
              </Button>
            )}
          </span>
        ) : null,
    },
    {
      id: 'job_time_start',
      header: 'Last Run',
      meta: { firstSortOrder: 'desc' },
      cell: ({ row }) => <DateCell value={row.original.job_time_start} />,
    },
    {
      id: 'created_by',
      header: 'Created By',
      enableSorting: false,
      cell: ({ row }) => <PersonCell person={row.original.created_by ? lookups.people.get(row.original.created_by) : null} />,
    },
    {
      id: 'created_at',
      header: 'Created At',
      meta: { firstSortOrder: 'desc' },
      cell: ({ row }) => <DateCell value={row.original.created_at} />,
    },
    {
      id: 'updated_at',
      header: 'Updated At',
      meta: { firstSortOrder: 'desc' },
      cell: ({ row }) => <DateCell value={row.original.updated_at} />,
    },
  ];
}
