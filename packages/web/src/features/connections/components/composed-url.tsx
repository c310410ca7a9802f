import { useFormContext, useWatch } from 'react-hook-form';
import { Field, Input } from '../../../components/ui';
import { displayedUrl, type FieldValue } from '../lib/connection-form-model';

/** A notification type's channel URL, composed from the fields as they change (read-only, secrets hidden). */
export function ComposedUrl({ type }: { type: string }) {
  const { control } = useFormContext();
  const fields = useWatch({ control, name: 'fields' }) as Record<string, FieldValue>;
  const url = displayedUrl(type, fields ?? {}) ?? '';
  return (
    <Field id="conn-composed-url" label="URL" hint="Composed from the fields above; this is what notifications are sent to.">
      <Input id="conn-composed-url" readOnly value={url} className="bg-muted/60 font-mono text-xs text-muted-foreground" />
    </Field>
  );
}
