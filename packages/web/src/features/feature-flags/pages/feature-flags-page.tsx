import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { Button, ConfirmDialog, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { FEATURE_FLAGS_KEY, listFeatureFlags, type FeatureFlag } from '../api/feature-flags-api';
import { useFeatureFlagMutations } from '../api/use-feature-flag-mutations';
import { featureFlagColumns } from '../components/feature-flag-columns';
import { FeatureFlagDialog } from '../components/feature-flag-dialog';

type Editing = { flag: FeatureFlag | undefined } | null;

/** /settings/feature-flags: the properties list with add, edit and delete (write permission on properties). */
export function FeatureFlagsPage() {
  const table = useTableUrlState({ defaults: { sortBy: 'name', sortOrder: 'asc' } });
  const canWrite = usePermissions().can('properties', 'write');
  const { create, update, remove } = useFeatureFlagMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FeatureFlag | null>(null);

  const query = useQuery({
    queryKey: [...FEATURE_FLAGS_KEY, 'list', table.query],
    queryFn: ({ signal }) => listFeatureFlags(table.query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0, // settings lists are never served from cache
  });

  const columns = useMemo(
    () => featureFlagColumns({ canWrite, onEdit: (flag) => setEditing({ flag }), onDelete: setDeleting }),
    [canWrite],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Feature Flags"
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setEditing({ flag: undefined })}>
              <Plus aria-hidden /> Add Feature Flag
            </Button>
          )
        }
      />
      <DataTable
        label="Feature flags"
        className="flex-1"
        columns={columns}
        data={query.data?.data}
        total={query.data?.total}
        state={table}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        getRowId={(f) => f.name}
        onRowClick={(flag) => setEditing({ flag })}
      />
      <FeatureFlagDialog
        key={editing ? (editing.flag?.name ?? '(new)') : '(closed)'}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        flag={editing?.flag}
        canWrite={canWrite}
        onSave={(input, isNew) => (isNew ? create.mutateAsync(input) : update.mutateAsync(input))}
        onDelete={(flag) => {
          setEditing(null);
          setDeleting(flag);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Feature Flag"
        description={`Are you sure you want to delete the feature flag ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.name) : undefined)}
      />
    </div>
  );
}
