import type { RelatedConfigRow } from '@ops/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import { ChangesCount } from '../components/count-cells';
import { ConfigTypeLabel } from '../components/config-type';
import { HealthBadge } from '../components/health-badge';
import { TagChips } from '../components/tag-chips';
import { DataTable } from '../../../components/data-table';
import { CATALOG_ROW_ESTIMATE_PX, CATALOG_ROW_OVERSCAN } from '../lib/catalog-constants';

const col = createColumnHelper<RelatedConfigRow>();

const COLUMNS = [
  col.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: (c) => (
      <span className="flex min-w-0 items-center gap-2">
        <ConfigTypeLabel type={c.row.original.type} className="shrink-0 [&>span]:hidden" />
        <span className="truncate font-medium">{c.getValue() ?? c.row.original.id}</span>
        {c.row.original.deleted_at && <span className="rounded bg-muted px-1 text-xs">deleted</span>}
      </span>
    ),
    meta: { className: 'max-w-96' },
  }),
  col.accessor('health', {
    id: 'health',
    header: 'Health',
    cell: (c) => <HealthBadge health={c.getValue()} status={c.row.original.status} />,
  }),
  col.accessor('changes', { id: 'changes', header: 'Changes', cell: (c) => <ChangesCount count={c.getValue()} /> }),
  col.display({
    id: 'tags',
    header: 'Tags',
    cell: (c) => {
      const { namespace, cluster } = c.row.original.tags;
      const shown: Record<string, string> = {};
      if (namespace) shown.namespace = namespace;
      if (cluster) shown.cluster = cluster;
      return <TagChips values={shown} />;
    },
  }),
  col.accessor('direction', { id: 'direction', header: 'Direction', cell: (c) => (c.getValue() === 'incoming' ? 'Incoming' : 'Outgoing') }),
  col.accessor('relation', { id: 'relation', header: 'Relation', cell: (c) => (c.getValue() === 'soft' ? 'Soft' : 'Hard') }),
];

/** Related items grouped by type; a row opens /catalog/{id}; deleted rows are greyed. */
export function RelationshipsTable({ items }: { items: readonly RelatedConfigRow[] }) {
  const navigate = useNavigate();
  const sorted = [...items].sort((a, b) => a.type.localeCompare(b.type) || (a.name ?? '').localeCompare(b.name ?? ''));
  return (
    <DataTable
      mode="virtual"
      rowEstimatePx={CATALOG_ROW_ESTIMATE_PX}
      overscan={CATALOG_ROW_OVERSCAN}
      label="Relationships"
      columns={COLUMNS}
      data={sorted}
      getRowId={(r) => r.id}
      groupOf={(r) => r.type}
      onRowClick={(r) => void navigate(`/catalog/${r.id}`)}
      rowClassName={(r) => (r.deleted_at ? 'text-muted-foreground opacity-60' : undefined)}
    />
  );
}
