import { defineParts, type ResourceEditorProps } from '../../features/settings-resources/resource-table';
import {
  createLoggingBackend,
  deleteLoggingBackend,
  getLoggingBackend,
  loggingBackendKeys,
  updateLoggingBackend,
  type LoggingBackendRow,
} from '../../features/spec-resources/logging-backend-api';
import { LoggingBackendForm } from '../../features/spec-resources/logging-backend-form';
import { LoggingBackendJobHistory } from '../../features/spec-resources/logging-backend-job-history';
import { parseLabels, parseSpecText, type SpecFormValues } from '../../features/spec-resources/spec-form-model';

function LoggingBackendEditor({ row, readOnly, saving, onSave, deleteButton }: ResourceEditorProps<LoggingBackendRow, SpecFormValues>) {
  return <LoggingBackendForm row={row} readOnly={readOnly} saving={saving} onSave={onSave} deleteButton={deleteButton} />;
}

function LoggingBackendRuns({ id }: { id: string }) {
  return <LoggingBackendJobHistory backendId={id} />;
}

/** /settings/logging_backends: the log backend form and its calls (name is sent only on create). */
export const LOGGING_BACKEND_PARTS = defineParts<LoggingBackendRow, SpecFormValues>({
  get: getLoggingBackend,
  async save(values, row) {
    const body = { labels: parseLabels(values.labelsText) ?? {}, spec: parseSpecText(values.specText) ?? {} };
    if (row) {
      await updateLoggingBackend(row.id, body);
      return { id: row.id, name: row.name, created: false };
    }
    const created = await createLoggingBackend({ ...body, name: values.name.trim() });
    return { id: created.id, name: created.name, created: true };
  },
  remove: (row) => deleteLoggingBackend(row.id),
  Editor: LoggingBackendEditor,
  JobHistory: LoggingBackendRuns,
  invalidates: [loggingBackendKeys.all, ['logs']],
});
