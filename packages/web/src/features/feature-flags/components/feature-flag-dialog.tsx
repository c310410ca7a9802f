import { MESSAGES } from '@ops/shared';
import { Lock } from 'lucide-react';
import { Form, FormError, TextField, useAppForm } from '../../../components/form';
import { Button, Dialog } from '../../../components/ui';
import { isLocalFlag, type FeatureFlag, type FeatureFlagInput } from '../api/feature-flags-api';
import { featureFlagFormSchema, normaliseFeatureFlag } from './feature-flag-form';

export interface FeatureFlagDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The flag being edited; undefined to add a new one. */
  flag: FeatureFlag | undefined;
  /** Whether the user may write properties; without it the dialog only shows the flag. */
  canWrite: boolean;
  onSave: (input: FeatureFlagInput, isNew: boolean) => Promise<unknown>;
  onDelete: (flag: FeatureFlag) => void;
}

/**
 * Add or edit one flag. The name is fixed once created; local flags (and users without write
 * permission) see the values read-only, with 'Cannot edit local feature flags' for local ones.
 */
export function FeatureFlagDialog({ open, onOpenChange, flag, canWrite, onSave, onDelete }: FeatureFlagDialogProps) {
  const isNew = !flag;
  const local = !!flag && isLocalFlag(flag);
  const readOnly = local || !canWrite;
  // The page mounts a fresh dialog (key) per flag, so the form starts from the flag's values.
  const form = useAppForm<FeatureFlagInput>({
    defaultValues: { name: flag?.name ?? '', value: flag?.value ?? '' },
    schema: featureFlagFormSchema,
  });
  const saving = form.formState.isSubmitting;

  const submit = async (values: FeatureFlagInput): Promise<void> => {
    if (readOnly) return;
    try {
      await onSave(normaliseFeatureFlag(values), isNew);
      onOpenChange(false);
    } catch {
      // The mutation already showed the server's message in a toast; keep the form to retry.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? 'Add Feature Flag' : 'Edit Feature Flag'}
      size="sm"
      footer={
        <>
          {!isNew && !readOnly && (
            <Button variant="destructive" className="mr-auto" onClick={() => flag && onDelete(flag)}>
              Delete
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" form="feature-flag-form" loading={saving}>
              {isNew ? (saving ? 'Saving' : 'Save') : saving ? 'Updating' : 'Update'}
            </Button>
          )}
        </>
      }
    >
      <Form form={form} id="feature-flag-form" className="grid gap-4" onSubmit={submit}>
        {local && (
          <p role="alert" className="flex items-center gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
            <Lock aria-hidden className="size-4 shrink-0 text-warning" />
            {MESSAGES.localFeatureFlag}
          </p>
        )}
        <TextField
          name="name"
          id="feature-flag-name"
          label="Name"
          required
          disabled={!isNew || readOnly}
          placeholder="e.g. incidents.disable"
          autoComplete="off"
        />
        <TextField
          name="value"
          id="feature-flag-value"
          label="Value"
          required
          disabled={readOnly}
          placeholder="e.g. true"
          autoComplete="off"
        />
        <FormError />
      </Form>
    </Dialog>
  );
}
