import type { ConnectionView } from '@ops/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { DateCell, PersonCell } from '../../../components/data-table';
import { sourceLabel } from '../lib/connection-source';
import { ConnectionTypeLabel } from './connection-type-icon';

/** Columns of /settings/connections: Name, Type, Namespace, Source, Created by, Created, Updated. */
export const CONNECTION_COLUMNS: ColumnDef<ConnectionView, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    meta: { className: 'max-w-0 w-full' },
    cell: ({ row }) => <span className="block truncate font-medium">{row.original.name}</span>,
  },
  { id: 'type', header: 'Type', cell: ({ row }) => <ConnectionTypeLabel type={row.original.type} /> },
  { id: 'namespace', header: 'Namespace', cell: ({ row }) => row.original.namespace },
  { id: 'source', header: 'Source', cell: ({ row }) => sourceLabel(row.original.source) },
  { id: 'created_by', header: 'Created By', cell: ({ row }) => <PersonCell person={row.original.created_by} /> },
  { id: 'created_at', header: 'Created', cell: ({ row }) => <DateCell value={row.original.created_at} /> },
  { id: 'updated_at', header: 'Updated', cell: ({ row }) => <DateCell value={row.original.updated_at} /> },
];
