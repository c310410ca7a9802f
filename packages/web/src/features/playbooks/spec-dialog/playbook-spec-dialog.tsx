import { PLAYBOOK_MESSAGES } from '@ops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { CodeEditor, type EditorDiagnostic } from '../../../components/code-editor';
import { Button, Dialog, Field, Input } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { toastError, toastSuccess } from '../../../lib/notify';
import { playbookKeys } from '../api/playbook-keys';
import { createPlaybook, updatePlaybook, type PlaybookRow } from '../api/playbooks-api';
import { playbookWriteOf, toSpecValues } from './playbook-spec-model';
import { specSchemaFor } from './spec-schema';

export interface PlaybookSpecDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The playbook to edit; undefined creates one. */
  playbook?: Pick<PlaybookRow, 'id' | 'title' | 'spec'> | undefined;
}

/**
 * Create/Edit Playbook Spec: a Title and the YAML spec, checked against the Playbook schema while typing; Save
 * stays disabled while either is missing or the spec has errors, and the server's 400 message is shown.
 */
export function PlaybookSpecDialog({ open, onOpenChange, playbook }: PlaybookSpecDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={playbook ? 'Edit Playbook Spec' : 'Create Playbook Spec'} size="xl">
      {open && <SpecForm key={playbook?.id ?? 'new'} playbook={playbook} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SpecForm({ playbook, onDone }: { playbook: PlaybookSpecDialogProps['playbook']; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const initial = useMemo(() => toSpecValues(playbook), [playbook]);
  const [title, setTitle] = useState(initial.title);
  const [specText, setSpecText] = useState(initial.specText);
  const [problems, setProblems] = useState<EditorDiagnostic[]>([]);
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const row = playbookWriteOf({ title, specText }, !playbook);
      if (playbook) await updatePlaybook(playbook.id, row);
      else await createPlaybook(row);
    },
    onSuccess: async () => {
      toastSuccess(playbook ? PLAYBOOK_MESSAGES.updated : PLAYBOOK_MESSAGES.created);
      await client.invalidateQueries({ queryKey: playbookKeys.all });
      onDone();
    },
    onError: (err) => (playbook ? toastError(new Error(PLAYBOOK_MESSAGES.updateFailed(errorMessage(err)))) : toastError(err)),
  });
  const titleError = touched && !title.trim() ? 'Title is required' : undefined;
  const specError = touched && !specText.trim() ? 'Spec is required' : undefined;
  const invalid = !title.trim() || !specText.trim() || problems.some((p) => p.severity === 'error');

  return (
    <form
      aria-label="Playbook Spec"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!invalid) save.mutate();
      }}
    >
      <Field id={`${id}-title`} label="Title" required error={titleError}>
        <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} onBlur={() => setTouched(true)} />
      </Field>
      <Field
        id={`${id}-spec`}
        label="Spec"
        required
        error={specError}
        hint="The Playbook's spec in YAML (a whole Playbook document may be pasted)."
      >
        <CodeEditor
          id={`${id}-spec`}
          aria-label="Spec"
          language="yaml"
          size="medium"
          value={specText}
          schema={specSchemaFor(specText)}
          onChange={setSpecText}
          onDiagnostics={setProblems}
        />
      </Field>
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} disabled={invalid}>
          Save
        </Button>
      </div>
    </form>
  );
}
