import type { ConnectionView } from '@ops/shared';
import { ArrowLeft, FlaskConical, Info, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Form, TextField, useAppForm } from '../../../components/form';
import { Button } from '../../../components/ui';
import { connectionToForm, emptyConnection, fieldControl, typeInfo, type ConnectionFormState } from '../lib/connection-form-model';
import { connectionFormSchema } from '../lib/connection-form-schema';
import { managedByText } from '../lib/connection-source';
import { ComposedUrl } from './composed-url';
import { ConnectionField } from './connection-field';

export interface ConnectionFormProps {
  type: string;
  /** The connection being edited; absent when adding one. */
  connection?: ConnectionView;
  saving: boolean;
  testing: boolean;
  onSubmit: (values: ConnectionFormState) => Promise<void>;
  onCancel: () => void;
  /** Back to the type picker (adding only). */
  onBack?: () => void;
  onTest?: () => void;
  onDelete?: () => void;
}

/**
 * The form of one connection type, generated from the shared catalogue: Name, Namespace, the type's
 * fields with their defaults, the composed URL of notification types, and Save (add) or Update (edit).
 */
export function ConnectionForm({ type, connection, saving, testing, onSubmit, onCancel, onBack, onTest, onDelete }: ConnectionFormProps) {
  const initial = useMemo(() => (connection ? connectionToForm(connection) : emptyConnection(type)), [connection, type]);
  const schema = useMemo(() => connectionFormSchema(type, initial.fields), [type, initial]);
  const form = useAppForm<ConnectionFormState>({ defaultValues: initial, schema });
  const info = typeInfo(type);
  const managedBy = connection ? managedByText(connection.source) : null;
  const dirty = form.formState.isDirty;
  return (
    <Form form={form} id="connection-form" onSubmit={onSubmit} aria-label={`${info.label} connection`} className="grid gap-4">
      {managedBy && (
        <p role="note" className="flex items-start gap-2 rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-info" />
          <span>
            <strong className="font-medium">{managedBy}</strong>. You can edit it here, but the next sync from its source may overwrite your
            changes.
          </span>
        </p>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField name="name" id="conn-name" label="Name" required autoComplete="off" spellCheck={false} />
        <TextField name="namespace" id="conn-namespace" label="Namespace" required autoComplete="off" spellCheck={false} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {info.fields.map((def) => {
          const control = fieldControl(def, initial.fields[def.name]);
          const wide = control === 'credential' || control === 'textarea' || def.target === 'url';
          return (
            <div key={def.name} className={wide ? 'sm:col-span-2' : undefined}>
              <ConnectionField def={def} control={control} />
            </div>
          );
        })}
      </div>
      {info.composeUrl && <ComposedUrl type={type} />}
      <div className="sticky bottom-0 -mx-5 -mb-4 flex flex-wrap items-center gap-2 border-t bg-card px-5 py-3">
        {onDelete && (
          <Button variant="outline" className="text-destructive" disabled={saving} onClick={onDelete}>
            <Trash2 aria-hidden /> Delete
          </Button>
        )}
        {onTest && (
          <Button
            variant="outline"

            loading={testing}
            disabled={dirty}
            title={dirty ? 'Save your changes first: the test uses the saved connection' : undefined}
            onClick={onTest}
          >
            <FlaskConical aria-hidden /> Test
          </Button>
        )}
        <div className="ml-auto flex gap-2">
          {onBack && (
            <Button variant="ghost" disabled={saving} onClick={onBack}>
              <ArrowLeft aria-hidden /> Back
            </Button>
          )}
          <Button variant="outline" disabled={saving} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {connection ? 'Update' : 'Save'}
          </Button>
        </div>
      </div>
    </Form>
  );
}
