import type { ColumnDef } from '@tanstack/react-table';
import { UsersRound } from 'lucide-react';
import { DateCell, PersonCell } from '../../../components/data-table';
import type { TeamListRow } from '../api/teams-api';

/** Columns of /settings/teams (the settings resource-table columns; teams have no schedule, namespace or labels). */
export const TEAM_COLUMNS: ColumnDef<TeamListRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-2 font-medium">
        {row.original.icon ? (
          <span aria-hidden className="text-xs text-muted-foreground">
            {row.original.icon}
          </span>
        ) : (
          <UsersRound aria-hidden className="size-4 text-muted-foreground" />
        )}
        {row.original.name}
      </span>
    ),
  },
  { id: 'source', header: 'Source', enableSorting: false, cell: ({ row }) => row.original.source ?? '' },
  { id: 'created_at', header: 'Created', cell: ({ row }) => <DateCell value={row.original.created_at} /> },
  { id: 'updated_at', header: 'Updated', cell: ({ row }) => <DateCell value={row.original.updated_at} /> },
  { id: 'created_by', header: 'Created By', enableSorting: false, cell: ({ row }) => <PersonCell person={row.original.created_by} /> },
];
