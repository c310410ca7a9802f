import type { CanaryRow } from '@ops/shared';
import { createCanary, deleteCanary, getCanary, updateCanary } from '../../features/health/api/canary-api';
import { healthKeys } from '../../features/health/api/health-api';
import { CanaryForm } from '../../features/health/settings/canary-form';
import { parseLabels, specFromForm, type CanaryFormValues } from '../../features/health/settings/canary-form-model';
import { CanaryJobHistory } from '../../features/health/settings/canary-job-history';
import { defineParts, type ResourceEditorProps } from '../../features/settings-resources/resource-table';

function CanaryEditor({ row, readOnly, saving, onSave, deleteButton }: ResourceEditorProps<CanaryRow, CanaryFormValues>) {
  return <CanaryForm row={row} readOnly={readOnly} saving={saving} onSave={onSave} extraActions={deleteButton} />;
}

function CanaryRuns({ id }: { id: string }) {
  return <CanaryJobHistory canaryId={id} />;
}

/**
 * /settings/canaries: the Health Check editor (CanaryForm) and its calls. Labels that do not parse keep the stored
 * ones; name and namespace are sent only on create (read-only once it exists).
 */
export const CANARY_PARTS = defineParts<CanaryRow, CanaryFormValues>({
  get: getCanary,
  async save(values, row) {
    const body = { labels: parseLabels(values.labelsText) ?? row?.labels ?? {}, spec: specFromForm(values) };
    if (row) {
      await updateCanary(row.id, body);
      return { id: row.id, name: row.name, created: false };
    }
    const created = await createCanary({ ...body, name: values.name.trim(), namespace: values.namespace.trim() || 'default' });
    return { id: created.id, name: created.name, created: true };
  },
  remove: (row) => deleteCanary(row.id),
  Editor: CanaryEditor,
  JobHistory: CanaryRuns,
  invalidates: [healthKeys.all],
});
