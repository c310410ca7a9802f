import { connectionTypeInfo, type ConnectionInput, type ConnectionPatch, type ConnectionView } from '@ops/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/ui';
import { formToInput, formToPatch, type ConnectionFormState } from '../lib/connection-form-model';
import { ConnectionForm } from './connection-form';
import { ConnectionTypeLabel } from './connection-type-icon';
import { ConnectionTypePicker } from './connection-type-picker';

export interface ConnectionDialogProps {
  open: boolean;
  /** The connection to edit (opens straight in its form); null to add one (type picker first). */
  connection: ConnectionView | null;
  onClose: () => void;
  saving: boolean;
  testing: boolean;
  onCreate: (input: ConnectionInput) => Promise<unknown>;
  onUpdate: (id: string, patch: ConnectionPatch) => Promise<unknown>;
  onTest: (connection: ConnectionView) => void;
  onDelete: (connection: ConnectionView) => void;
}

/** Add Connection (type picker, then that type's form) and Edit Connection (the form, with Test and Delete). */
export function ConnectionDialog({
  open,
  connection,
  onClose,
  saving,
  testing,
  onCreate,
  onUpdate,
  onTest,
  onDelete,
}: ConnectionDialogProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const type = connection?.type ?? picked;
  const close = (): void => {
    if (saving) return;
    setPicked(null);
    onClose();
  };
  const submit = async (values: ConnectionFormState): Promise<void> => {
    if (!type) return;
    try {
      if (connection) await onUpdate(connection.id, formToPatch(type, values));
      else await onCreate(formToInput(type, values));
      close();
    } catch {
      // The mutation toasted the server's message; keep the form for a fix.
    }
  };
  const known = !!type && !!connectionTypeInfo(type);
  let body;
  if (!type) body = <ConnectionTypePicker onPick={setPicked} />;
  else if (!known) body = <p className="text-sm">This connection has the type {type}, which this version cannot edit.</p>;
  else
    body = (
      <ConnectionForm
        type={type}
        connection={connection ?? undefined}
        saving={saving}
        testing={testing}
        onSubmit={submit}
        onCancel={close}
        onBack={connection ? undefined : () => setPicked(null)}
        onTest={connection ? () => onTest(connection) : undefined}
        onDelete={connection ? () => onDelete(connection) : undefined}
      />
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={connection ? 'Edit Connection' : 'Add Connection'}
      description={type ? <ConnectionTypeLabel type={type} /> : 'Choose the type of connection'}
      size="lg"
    >
      {body}
    </Dialog>
  );
}
