import type { CatalogChangeListRow } from '@ops/shared';
import { formatRelativeTime } from '@ops/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DateCell } from '../../../components/data-table/cells';
import { ConfigTypeLabel } from '../components/config-type';
import { TagChips } from '../components/tag-chips';
import { SeverityBadge } from './severity-badge';

const col = createColumnHelper<CatalogChangeListRow>();

/** 'x3 over 2h ago' for a change seen more than once. */
export function repeatText(row: Pick<CatalogChangeListRow, 'count' | 'first_observed'>): string | null {
  return row.count > 1 ? `x${row.count} over ${formatRelativeTime(row.first_observed)}` : null;
}

/** Columns of the changes tables: Last Seen, Catalog, Type, Summary, Tags, Created By. */
export const CHANGE_COLUMNS = [
  col.accessor('created_at', {
    id: 'created_at',
    header: 'Last Seen',
    meta: { firstSortOrder: 'desc', className: 'whitespace-nowrap' },
    cell: (c) => (
      <span className="flex flex-col leading-tight">
        <DateCell value={c.getValue()} />
        {repeatText(c.row.original) && <span className="text-xs text-muted-foreground">{repeatText(c.row.original)}</span>}
      </span>
    ),
  }),
  col.accessor('name', {
    id: 'name',
    header: 'Catalog',
    meta: { className: 'max-w-72' },
    cell: (c) => (
      <Link
        to={`/catalog/${c.row.original.config_id}`}
        className="flex min-w-0 items-center gap-1 hover:underline"
        title={c.row.original.type}
      >
        <ConfigTypeLabel type={c.row.original.type} className="shrink-0 [&>span]:hidden" />
        <span className={c.row.original.deleted_at ? 'truncate text-muted-foreground line-through' : 'truncate'}>
          {c.getValue() ?? c.row.original.config_id}
        </span>
      </Link>
    ),
  }),
  col.accessor('change_type', {
    id: 'change_type',
    header: 'Type',
    cell: (c) => (
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <SeverityBadge severity={c.row.original.severity} />
        {c.getValue()}
      </span>
    ),
  }),
  col.accessor('summary', {
    id: 'summary',
    header: 'Summary',
    meta: { className: 'max-w-md' },
    cell: (c) => <span className="line-clamp-2 break-words">{c.getValue()}</span>,
  }),
  col.display({
    id: 'tags',
    header: 'Tags',
    cell: (c) => <TagChips values={c.row.original.tags} max={2} className="flex-nowrap overflow-hidden" />,
    meta: { className: 'max-w-64' },
  }),
  col.accessor((r) => r.external_created_by ?? r.created_by ?? '', {
    id: 'created_by',
    header: 'Created By',
    cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span>,
  }),
];
