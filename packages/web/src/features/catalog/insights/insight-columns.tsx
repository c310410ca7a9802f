import type { ConfigAnalysisRow } from '@ops/shared';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DateCell } from '../../../components/data-table/cells';
import { ConfigTypeLabel } from '../components/config-type';
import { ANALYSIS_ICONS } from '../components/count-cells';
import { SeverityBadge } from '../changes/severity-badge';

const col = createColumnHelper<ConfigAnalysisRow>();

const CATALOG = col.display({
  id: 'catalog',
  header: 'Catalog',
  cell: (c) =>
    c.row.original.config ? (
      <Link to={`/catalog/${c.row.original.config_id}`} className="flex min-w-0 items-center gap-1 hover:underline">
        <ConfigTypeLabel type={c.row.original.config.type} className="shrink-0 [&>span]:hidden" />
        <span className="truncate">{c.row.original.config.name ?? c.row.original.config_id}</span>
      </Link>
    ) : null,
  meta: { className: 'max-w-64' },
});

const REST = [
  col.accessor('analysis_type', {
    id: 'analysis_type',
    header: 'Type',
    cell: (c) => {
      const Icon = ANALYSIS_ICONS[c.getValue()];
      return (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap capitalize">
          {Icon && <Icon aria-hidden className="size-3.5 text-muted-foreground" />}
          {c.getValue().replace(/_/g, ' ')}
        </span>
      );
    },
  }),
  col.accessor('analyzer', {
    id: 'analyzer',
    header: 'Analyzer',
    cell: (c) => <span className="line-clamp-1">{c.getValue()}</span>,
    meta: { className: 'max-w-72' },
  }),
  col.accessor('severity', { id: 'severity', header: 'Severity', cell: (c) => <SeverityBadge severity={c.getValue()} withText /> }),
  col.accessor('status', { id: 'status', header: 'Status', cell: (c) => <span className="capitalize">{c.getValue()}</span> }),
  col.accessor('first_observed', {
    id: 'first_observed',
    header: 'First Observed',
    cell: (c) => <DateCell value={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.accessor('last_observed', {
    id: 'last_observed',
    header: 'Last Observed',
    cell: (c) => <DateCell value={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
];

/** Insight columns; the Catalog column is hidden on a single config's insights tab. */
export function insightColumns(withCatalog: boolean): ColumnDef<ConfigAnalysisRow, unknown>[] {
  return (withCatalog ? [CATALOG, ...REST] : REST) as ColumnDef<ConfigAnalysisRow, unknown>[];
}
