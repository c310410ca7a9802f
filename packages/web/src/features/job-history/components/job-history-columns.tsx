import { formatDuration, NIL_UUID } from '@ops/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DateCell } from '../../../components/data-table';
import { agentLink, jobResourceLink } from '../api/job-links';
import { JobStatusBadge } from '../../../components/job-history';
import type { JobHistoryRow } from '../../../lib/job-history-row';

const col = createColumnHelper<JobHistoryRow>();
const linkClass = 'text-primary hover:underline';

/** The resource's name (or id) linking to its page, with its type underneath. */
function ResourceCell({ job }: { job: JobHistoryRow }) {
  if (!job.resource_type && !job.resource_id) return null;
  const text = job.resource_name || job.resource_id || '';
  const href = jobResourceLink(job.resource_type, job.resource_id);
  return (
    <span className="flex min-w-0 flex-col leading-tight">
      {href ? (
        <Link to={href} className={`${linkClass} truncate`} title={text}>
          {text}
        </Link>
      ) : (
        <span className="truncate" title={text}>
          {text}
        </span>
      )}
      {job.resource_type && <span className="text-xs text-muted-foreground">{job.resource_type}</span>}
    </span>
  );
}

/** Columns of the Jobs History table; ids are the job_histories columns they sort by. */
export const jobHistoryColumns = [
  col.accessor('name', { header: 'Job Name', cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
  col.accessor('resource_name', { header: 'Resource', cell: (c) => <ResourceCell job={c.row.original} /> }),
  col.accessor('status', { header: 'Status', cell: (c) => <JobStatusBadge status={c.getValue()} /> }),
  col.accessor('duration_millis', {
    header: 'Duration',
    meta: { firstSortOrder: 'desc', className: 'whitespace-nowrap tabular-nums' },
    cell: (c) => formatDuration(c.getValue()),
  }),
  col.accessor('success_count', {
    header: 'Success',
    meta: { firstSortOrder: 'desc', className: 'tabular-nums text-success' },
    cell: (c) => c.getValue() || '',
  }),
  col.accessor('error_count', {
    header: 'Errors',
    meta: { firstSortOrder: 'desc', className: 'tabular-nums text-destructive' },
    cell: (c) => c.getValue() || '',
  }),
  col.accessor('time_start', { header: 'Time Start', meta: { firstSortOrder: 'desc' }, cell: (c) => <DateCell value={c.getValue()} /> }),
  col.accessor('agent_name', {
    header: 'Agent',
    meta: { className: 'whitespace-nowrap' },
    cell: (c) => {
      const { agent_id: id, agent_name: name } = c.row.original;
      if (!id || id === NIL_UUID) return null; // the all-zero id means 'no agent'
      return (
        <Link to={agentLink(id)} className={linkClass}>
          {name || id}
        </Link>
      );
    },
  }),
];
