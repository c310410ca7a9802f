import type { TeamRow } from '@ops/shared';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { CodeEditor } from '../../../components/code-editor';
import { ControlledField, Form, TextField, useAppForm } from '../../../components/form';
import { Button, Field, Input } from '../../../components/ui';
import { hasExternalSource, parseSpec, teamFormSchema, toTeamFormValues, type TeamFormValues } from './team-form-model';

export interface TeamFormProps {
  team: TeamRow | undefined;
  /** Without write permission everything is read-only and there is no Save button. */
  canWrite: boolean;
  saving: boolean;
  onSave: (values: TeamFormValues) => void;
  /** The Delete button of an existing team. */
  extraActions?: ReactNode;
}

/** The Spec tab of a team: Name (read-only once created), Icon, Source and the spec as YAML. */
export function TeamForm({ team, canWrite, saving, onSave, extraActions }: TeamFormProps) {
  const form = useAppForm<TeamFormValues>({ defaultValues: toTeamFormValues(team), schema: teamFormSchema });
  const existing = !!team;
  const specLocked = !canWrite || hasExternalSource(team);
  const specText = useWatch({ control: form.control, name: 'specText' });
  const specInvalid = parseSpec(specText) === undefined;

  return (
    <Form form={form} onSubmit={onSave} aria-label="Team" className="flex max-w-3xl flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="name" id="team-name" label="Name" required readOnly={existing || !canWrite} />
        <TextField name="icon" id="team-icon" label="Icon" readOnly={!canWrite} />
        <Field id="team-source" label="Source">
          <Input id="team-source" readOnly value={team?.source ?? 'UI'} />
        </Field>
      </div>
      <ControlledField
        name="specText"
        id="team-spec"
        label="Spec"
        hint={specInvalid ? 'The spec is not a YAML map; it is ignored when saving.' : 'YAML, e.g. responder_clients for incidents.'}
        render={(field) => (
          <CodeEditor
            id="team-spec"
            aria-label="Spec"
            language="yaml"
            size="medium"
            readOnly={specLocked}
            value={field.value as string}
            onChange={field.onChange}
          />
        )}
      />
      {canWrite && (
        <div className="flex items-center justify-end gap-2">
          {extraActions}
          <Button type="submit" loading={saving}>
            {existing ? (saving ? 'Updating' : 'Update') : saving ? 'Saving' : 'Save'}
          </Button>
        </div>
      )}
    </Form>
  );
}
