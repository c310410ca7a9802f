import { MESSAGES, type ConnectionView } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Cable, Plus } from 'lucide-react';
import { useState } from 'react';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { Button, ConfirmDialog, EmptyState, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { connectionKeys } from '../api/connection-keys';
import { listConnections } from '../api/connections-api';
import { useConnectionMutations } from '../api/use-connection-mutations';
import { CONNECTION_COLUMNS } from '../components/connection-columns';
import { ConnectionDialog } from '../components/connection-dialog';

type Editing = { connection: ConnectionView | null } | null;

/** /settings/connections: the connections (admin only) with add, edit in place, test and delete. */
export function ConnectionsPage() {
  const canWrite = usePermissions().can('connections', 'write');
  const table = useTableUrlState({ defaults: { sortBy: 'created_at', sortOrder: 'desc' } });
  const { create, update, remove, test } = useConnectionMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  const request = { pageIndex: table.pageIndex, pageSize: table.pageSize, sortBy: table.sortBy, sortOrder: table.sortOrder };
  const list = useQuery({
    queryKey: connectionKeys.list(request),
    queryFn: ({ signal }) => listConnections(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 0, // settings lists are never served from cache
  });
  const add = (): void => setEditing({ connection: null });
  // Only a first page with nothing on it means there are no connections (a later page may be past the end).
  const empty = list.isSuccess && list.data.total === 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Connections"
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          canWrite && (
            <Button size="sm" onClick={add}>
              <Plus aria-hidden /> Add Connection
            </Button>
          )
        }
      />
      {empty ? (
        <EmptyState
          className="rounded-lg border bg-card"
          icon={<Cable />}
          title={MESSAGES.noResources}
          description="Connections hold the address and credentials of databases, clouds and notification channels, for checks, scrapers and playbooks to use by reference."
          action={
            canWrite && (
              <Button size="sm" variant="outline" onClick={add}>
                <Plus aria-hidden /> Add Connection
              </Button>
            )
          }
        />
      ) : (
        <DataTable
          label="Connections"
          className="flex-1"
          columns={CONNECTION_COLUMNS}
          data={list.data?.connections}
          total={list.data?.total}
          state={table}
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          getRowId={(c) => c.id}
          onRowClick={canWrite ? (connection) => setEditing({ connection }) : undefined}
          emptyText={MESSAGES.noResources}
        />
      )}
      <ConnectionDialog
        key={editing?.connection?.id ?? 'new'}
        open={editing !== null}
        connection={editing?.connection ?? null}
        onClose={() => setEditing(null)}
        saving={create.isPending || update.isPending}
        testing={test.isPending}
        onCreate={(input) => create.mutateAsync(input)}
        onUpdate={(id, patch) => update.mutateAsync({ id, patch })}
        onTest={(connection) => test.mutate(connection.id)}
        onDelete={(connection) => {
          setEditing(null);
          setDeleting(connection);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Connection"
        description={`Are you sure you want to delete the connection ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </div>
  );
}
