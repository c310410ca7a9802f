import type { ConfigScraperWithStatusRow } from '@ops/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { FileSearch } from 'lucide-react';
import { DateCell } from '../../../components/data-table/cells';
import { Button } from '../../../components/ui';
import { JobStatusBadge } from '../../../components/job-history';

const col = createColumnHelper<ConfigScraperWithStatusRow>();

/**
 * Scraper list columns (schedule and namespace are hidden for scrapers): Name with icon, Source,
 * Job Status with '(View details)', Last Run, Last Failed, Items, Created, Updated, Created By.
 */
export function scraperColumns(people: Map<string, string>, onDetails: (row: ConfigScraperWithStatusRow) => void) {
  return [
    col.accessor('name', {
      id: 'name',
      header: 'Name',
      enableSorting: false,
      cell: (c) => (
        <span className="inline-flex items-center gap-2 font-medium">
          <FileSearch aria-hidden className="size-4 text-muted-foreground" />
          {c.getValue()}
        </span>
      ),
    }),
    col.accessor('source', { id: 'source', header: 'Source', enableSorting: false, cell: (c) => c.getValue() ?? '' }),
    col.accessor('job_status', {
      id: 'job_status',
      header: 'Job Status',
      enableSorting: false,
      cell: (c) =>
        c.getValue() ? (
          <span className="inline-flex items-center gap-1.5">
            <JobStatusBadge status={c.getValue()!} />
            {c.row.original.job_details && (
              <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onDetails(c.row.original)}>
                (View details)
              </Button>
            )}
          </span>
        ) : null,
    }),
    col.accessor('job_time_start', {
      id: 'job_time_start',
      header: 'Last Run',
      enableSorting: false,
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor('job_last_failed', {
      id: 'job_last_failed',
      header: 'Last Failed',
      enableSorting: false,
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor('config_count', {
      id: 'config_count',
      header: 'Items',
      enableSorting: false,
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    col.accessor('created_at', {
      id: 'created_at',
      header: 'Created',
      enableSorting: false,
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor('updated_at', {
      id: 'updated_at',
      header: 'Updated',
      enableSorting: false,
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor('created_by', {
      id: 'created_by',
      header: 'Created By',
      enableSorting: false,
      cell: (c) => (c.getValue() ? (people.get(c.getValue()!) ?? '') : ''),
    }),
  ];
}
