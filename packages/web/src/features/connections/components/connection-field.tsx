import type { ConnectionField as FieldDef } from '@ops/shared';
import { ControlledField, SelectField, SwitchField, TextField } from '../../../components/form';
import { Textarea } from '../../../components/ui';
import type { FieldControl } from '../lib/connection-form-model';
import { CredentialField } from './credential-field';

/** The DOM id of a type field's control. */
export const connectionFieldId = (name: string): string => `conn-field-${name}`;

/** One field of a connection type, drawn by its kind and bound to `fields.{name}` of the form. */
export function ConnectionField({ def, control }: { def: FieldDef; control: FieldControl }) {
  const name = `fields.${def.name}`;
  const id = connectionFieldId(def.name);
  switch (control) {
    case 'credential':
      return <CredentialField name={name} id={id} label={def.label} required={def.required} multiline={def.kind === 'textarea'} />;
    case 'boolean':
      return <SwitchField name={name} id={id} label={def.label} />;
    case 'select':
      return (
        <SelectField
          name={name}
          id={id}
          label={def.label}
          required={def.required}
          options={(def.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      );
    case 'textarea':
      return (
        <ControlledField
          name={name}
          id={id}
          label={def.label}
          required={def.required}
          render={(field, invalid) => (
            <Textarea
              id={id}
              rows={4}
              className="font-mono text-xs"
              invalid={invalid}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      );
    case 'number':
      return <TextField name={name} id={id} label={def.label} required={def.required} inputMode="numeric" />;
    default:
      return <TextField name={name} id={id} label={def.label} required={def.required} spellCheck={false} />;
  }
}
