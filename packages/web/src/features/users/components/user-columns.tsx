import { displayRole, type UserRow } from '@ops/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Avatar } from '../../../components/avatar';
import { DateCell } from '../../../components/data-table';
import { Badge, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, IconButton } from '../../../components/ui';
import { userName } from '../api/users-api';

export interface UserActions {
  canWrite: boolean;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

/** The Actions menu of a row: Edit User and Delete. */
function ActionsCell({ user, actions }: { user: UserRow; actions: UserActions }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton
          label={`Actions for ${userName(user)}`}
          icon={<MoreHorizontal />}
          tooltip={false}
          onClick={(e) => e.stopPropagation()}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => actions.onEdit(user)}>
          <Pencil aria-hidden /> Edit User
        </DropdownMenuItem>
        <DropdownMenuItem className="text-destructive" onSelect={() => actions.onDelete(user)}>
          <Trash2 aria-hidden /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Columns of /settings/users: Name, Email, Roles (highest of admin, editor, viewer), State, Created At, Actions. */
export function userColumns(actions: UserActions): ColumnDef<UserRow, unknown>[] {
  const columns: ColumnDef<UserRow, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 font-medium">
          <Avatar name={userName(row.original)} size="sm" />
          {userName(row.original)}
        </span>
      ),
    },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email ?? row.original.traits.email ?? '' },
    {
      id: 'roles',
      header: 'Roles',
      enableSorting: false,
      cell: ({ row }) => (
        <Badge variant="outline" className="capitalize">
          {displayRole(row.original.roles)}
        </Badge>
      ),
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <Badge variant={row.original.state === 'active' ? 'success' : 'secondary'} className="capitalize">
          {row.original.state}
        </Badge>
      ),
    },
    { id: 'created_at', header: 'Created At', cell: ({ row }) => <DateCell value={row.original.created_at} /> },
  ];
  if (!actions.canWrite) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { className: 'w-20 text-right' },
      cell: ({ row }) => <ActionsCell user={row.original} actions={actions} />,
    },
  ];
}
