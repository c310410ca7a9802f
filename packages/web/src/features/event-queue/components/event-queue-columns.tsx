import { createColumnHelper } from '@tanstack/react-table';
import { DateCell } from '../../../components/data-table';
import type { EventQueueSummary } from '../api/event-queue-api';

const col = createColumnHelper<EventQueueSummary>();
const numeric = { firstSortOrder: 'desc' as const, className: 'tabular-nums', headerClassName: 'whitespace-nowrap' };

/** Columns of the Event Queue Status table; ids are the view's columns they sort by. */
export const eventQueueColumns = [
  col.accessor('name', { header: 'Name', cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
  col.accessor('pending', { header: 'Pending', meta: numeric }),
  col.accessor('failed', {
    header: 'Failed',
    meta: numeric,
    cell: (c) => <span className={c.getValue() > 0 ? 'font-medium text-destructive' : undefined}>{c.getValue()}</span>,
  }),
  col.accessor('average_attempts', {
    header: 'Average Attempts',
    meta: numeric,
    cell: (c) =>
      c.getValue() == null
        ? ''
        : Number(c.getValue())
            .toFixed(2)
            .replace(/\.?0+$/, ''),
  }),
  col.accessor('first_failure', {
    header: 'First Failure',
    meta: { firstSortOrder: 'desc' },
    cell: (c) => <DateCell value={c.getValue()} />,
  }),
  col.accessor('last_failure', {
    header: 'Last Failure',
    meta: { firstSortOrder: 'desc' },
    cell: (c) => <DateCell value={c.getValue()} />,
  }),
  col.accessor('most_common_error', {
    header: 'Most Common Error',
    meta: { className: 'max-w-md' },
    cell: (c) => (
      <span className="line-clamp-2 break-words font-mono text-xs text-destructive" title={c.getValue() ?? undefined}>
        {c.getValue()}
      </span>
    ),
  }),
];
