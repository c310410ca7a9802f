import type { CanaryRow } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useUrlState } from '../../../components/filters';
import { Button, ConfirmDialog, EmptyState, ErrorState, PageHeader, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { usePermissions } from '../../../lib/use-whoami';
import { canaryKeys, createCanary, deleteCanary, getCanary, updateCanary } from '../api/canary-api';
import { healthKeys } from '../api/health-api';
import { CanaryForm } from '../settings/canary-form';
import { parseLabels, specFromForm, type CanaryFormValues } from '../settings/canary-form-model';
import { CanaryJobHistory } from '../settings/canary-job-history';

/** Whether a canary came from outside the UI (apply, CRD…): its spec, labels and schedule are read-only. */
export function hasExternalSource(row: Pick<CanaryRow, 'source'> | null | undefined): boolean {
  return !!row?.source && row.source !== 'UI';
}

/** /settings/canaries/{id} and /settings/canaries/new: the Health Check editor with Spec and Job History tabs. */
export function CanaryEditPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const client = useQueryClient();
  const perms = usePermissions();
  const [tab, setTab] = useUrlState('tab', 'spec');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canary = useQuery({ queryKey: canaryKeys.one(id), queryFn: ({ signal }) => getCanary(id, signal), enabled: !isNew, staleTime: 0 });
  const row = canary.data ?? undefined;
  const canWrite = perms.can('canaries', 'write');
  const readOnly = !canWrite || hasExternalSource(row);

  const refresh = () => client.invalidateQueries({ queryKey: healthKeys.all });
  const save = useMutation({
    mutationFn: async (values: CanaryFormValues) => {
      const body = { labels: parseLabels(values.labelsText) ?? row?.labels ?? {}, spec: specFromForm(values) };
      if (row) return void (await updateCanary(row.id, body));
      return createCanary({ ...body, name: values.name.trim(), namespace: values.namespace.trim() || 'default' });
    },
    onSuccess: async (created, values) => {
      toast.success(`${values.name} ${created ? 'created' : 'updated'} successfully`);
      await refresh();
      if (created) await navigate(`/settings/canaries/${created.id}`, { replace: true });
    },
    onError: toastError,
  });
  const remove = async (): Promise<void> => {
    if (!row) return;
    await deleteCanary(row.id);
    toast.success(`${row.name} deleted successfully`);
    await refresh();
    await navigate('/settings/canaries');
  };

  const title = isNew ? 'New Health Check' : (row?.name ?? 'Health Check');
  const header = <PageHeader title={title} breadcrumbs={[{ label: 'Settings' }, { label: 'Health', to: '/settings/canaries' }]} />;
  if (!isNew && canary.isPending) return <>{header}<Spinner size="lg" /></>;
  if (!isNew && canary.error) return <>{header}<ErrorState error={canary.error} onRetry={() => void canary.refetch()} /></>;
  if (!isNew && !row) return <>{header}<EmptyState title="No resources found" /></>;

  const form = (
    <CanaryForm
      key={row?.id ?? 'new'}
      row={row}
      readOnly={readOnly}
      saving={save.isPending}
      onSave={(v) => save.mutate(v)}
      extraActions={
        row && canWrite && !hasExternalSource(row) ? (
          <Button variant="destructive" className="mr-auto" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden /> Delete
          </Button>
        ) : null
      }
    />
  );
  return (
    <div className="flex flex-col gap-3">
      {header}
      {hasExternalSource(row) && (
        <p className="rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm">
          This health check comes from <strong>{row?.source}</strong>: change it there. Its spec, labels and schedule are read-only here.
        </p>
      )}
      {isNew ? (
        form
      ) : (
        <Tabs value={tab === 'jobHistory' ? 'jobHistory' : 'spec'} onValueChange={setTab}>
          <TabsList aria-label="Health check tabs">
            <TabsTrigger value="spec">Spec</TabsTrigger>
            <TabsTrigger value="jobHistory">Job History</TabsTrigger>
          </TabsList>
          <TabsContent value="spec">{form}</TabsContent>
          <TabsContent value="jobHistory">{row && <CanaryJobHistory canaryId={row.id} />}</TabsContent>
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete health check"
        description={`Delete ${row?.name ?? 'this health check'} and stop its checks?`}
        confirmLabel="Delete"
        onConfirm={remove}
      />
    </div>
  );
}
