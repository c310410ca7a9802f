import { loggingBackendSpecSchema, LOG_BACKEND_TYPES } from '@ops/shared';
import type { ReactNode } from 'react';
import { SpecForm } from './spec-form';
import type { SpecFormRules, SpecFormValues } from './spec-form-model';
import type { LoggingBackendRow } from './logging-backend-api';

/** A new backend starts as a file backend over a glob (one kind key, as the schema requires). */
export const NEW_LOGGING_BACKEND_SPEC = `file:
  path: /var/log/app/*.log
`;

export const LOGGING_BACKEND_RULES: SpecFormRules = { specSchema: loggingBackendSpecSchema };

export interface LoggingBackendFormProps {
  row: LoggingBackendRow | undefined;
  readOnly: boolean;
  saving: boolean;
  onSave: (values: SpecFormValues) => void;
  deleteButton: ReactNode;
}

/** The log backend form: name, labels and the spec (YAML or JSON) validated on blur and change against the backend schema. */
export function LoggingBackendForm({ row, readOnly, saving, onSave, deleteButton }: LoggingBackendFormProps) {
  return (
    <SpecForm
      key={row ? `${row.id}:${row.updated_at}` : 'new'}
      row={row}
      rules={LOGGING_BACKEND_RULES}
      starter={NEW_LOGGING_BACKEND_SPEC}
      languages={['yaml', 'json']}
      readOnly={readOnly}
      saving={saving}
      onSave={onSave}
      label="Log backend"
      specHint={`Exactly one of ${LOG_BACKEND_TYPES.join(', ')}, e.g. file: {path: /var/log/*.log} or loki: {url: http://loki:3100}.`}
      extraActions={deleteButton}
    />
  );
}
