import type { TeamRow } from '@ops/shared';
import { useState, type ReactNode } from 'react';
import { CodeEditor } from '../../../components/code-editor';
import { Button, Field, Input } from '../../../components/ui';
import { hasExternalSource, parseSpec, toTeamFormValues, validateTeamForm, type TeamFormValues } from './team-form-model';

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
  const [values, setValues] = useState<TeamFormValues>(() => toTeamFormValues(team));
  const [errors, setErrors] = useState<ReturnType<typeof validateTeamForm>>({});
  const existing = !!team;
  const specLocked = !canWrite || hasExternalSource(team);
  const set = (patch: Partial<TeamFormValues>): void => {
    const next = { ...values, ...patch };
    setValues(next);
    if (Object.keys(errors).length) setErrors(validateTeamForm(next));
  };
  const specInvalid = parseSpec(values.specText) === undefined;

  return (
    <form
      noValidate
      aria-label="Team"
      className="flex max-w-3xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const found = validateTeamForm(values);
        setErrors(found);
        if (!Object.keys(found).length) onSave(values);
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="team-name" label="Name" required error={errors.name}>
          <Input
            id="team-name"
            value={values.name}
            readOnly={existing || !canWrite}
            invalid={!!errors.name}
            onChange={(e) => set({ name: e.target.value })}
            onBlur={() => setErrors(validateTeamForm(values))}
          />
        </Field>
        <Field id="team-icon" label="Icon">
          <Input id="team-icon" value={values.icon} readOnly={!canWrite} onChange={(e) => set({ icon: e.target.value })} />
        </Field>
        <Field id="team-source" label="Source">
          <Input id="team-source" readOnly value={team?.source ?? 'UI'} />
        </Field>
      </div>
      <Field
        id="team-spec"
        label="Spec"
        hint={specInvalid ? 'The spec is not a YAML map; it is ignored when saving.' : 'YAML, e.g. responder_clients for incidents.'}
      >
        <CodeEditor
          id="team-spec"
          aria-label="Spec"
          language="yaml"
          size="medium"
          readOnly={specLocked}
          value={values.specText}
          onChange={(specText) => set({ specText })}
        />
      </Field>
      {canWrite && (
        <div className="flex items-center justify-end gap-2">
          {extraActions}
          <Button type="submit" loading={saving}>
            {existing ? (saving ? 'Updating' : 'Update') : saving ? 'Saving' : 'Save'}
          </Button>
        </div>
      )}
    </form>
  );
}
