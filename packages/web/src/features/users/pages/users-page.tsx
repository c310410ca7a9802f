import type { UserRow } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { Button, ConfirmDialog, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { sortUsers } from '../api/sort-users';
import { useUserMutations } from '../api/use-user-mutations';
import { listUsers, USERS_KEY, userName } from '../api/users-api';
import { EditUserDialog } from '../components/edit-user-dialog';
import { InviteLinkDialog } from '../components/invite-link-dialog';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { userColumns } from '../components/user-columns';

/** /settings/users: identities read to see; identities write to invite, edit and delete. */
export function UsersPage() {
  const canWrite = usePermissions().can('identities', 'write');
  const table = useTableUrlState({ defaults: { sortBy: 'name', sortOrder: 'asc' } });
  const { invite, update, remove } = useUserMutations();
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<{ link: string; email: string; mailed: boolean } | null>(null);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => listUsers(signal),
    placeholderData: keepPreviousData,
    staleTime: 0, // settings lists are never served from cache
  });
  const sorted = useMemo(() => sortUsers(users.data ?? [], table.sortBy, table.sortOrder), [users.data, table.sortBy, table.sortOrder]);
  const page = sorted.slice(table.pageIndex * table.pageSize, (table.pageIndex + 1) * table.pageSize);
  const columns = useMemo(() => userColumns({ canWrite, onEdit: setEditing, onDelete: setDeleting }), [canWrite]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Users"
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setInviting(true)}>
              <UserPlus aria-hidden /> Invite User
            </Button>
          )
        }
      />
      <DataTable
        label="Users"
        className="flex-1"
        columns={columns}
        data={page}
        total={sorted.length}
        state={table}
        isLoading={users.isPending}
        isFetching={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        getRowId={(u) => u.id}
      />
      <InviteUserDialog
        open={inviting}
        onOpenChange={setInviting}
        inviting={invite.isPending}
        onInvite={(body) => invite.mutateAsync(body)}
        onInvited={(result, body) =>
          setLink({ link: new URL(result.link, window.location.origin).href, email: body.email, mailed: result.mailed })
        }
      />
      <InviteLinkDialog invite={link} onClose={() => setLink(null)} />
      <EditUserDialog
        key={editing?.id ?? 'closed'}
        user={editing}
        onClose={() => setEditing(null)}
        saving={update.isPending}
        canWrite={canWrite}
        onSave={(user, body) => update.mutateAsync({ user, body })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete User"
        description={`Are you sure you want to delete ${deleting ? userName(deleting) : 'this user'}?`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </div>
  );
}
