import type { ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CodeEditor, type EditorLanguage } from '../../components/code-editor';
import { Form, TextField, useAppForm } from '../../components/form';
import { Button, Field, Input } from '../../components/ui';
import {
  convertSpecText,
  specFormResolver,
  toSpecFormValues,
  type SpecFormRules,
  type SpecFormValues,
  type SpecRowLike,
} from './spec-form-model';

export interface SpecFormProps {
  /** The stored row, or undefined for a new one. */
  row: SpecRowLike | undefined;
  rules: SpecFormRules;
  /** The Spec text of a new row. */
  starter: string;
  /** Which of the row's own columns the form shows beside Name and Labels. */
  withNamespace?: boolean;
  withIcon?: boolean;
  /** Offer a YAML/JSON switch for the Spec (default YAML only). */
  languages?: readonly EditorLanguage[];
  readOnly: boolean;
  saving: boolean;
  onSave: (values: SpecFormValues) => void;
  /** Buttons before Save (Delete, Run now). */
  extraActions?: ReactNode;
  /** The form's accessible name ('Topology', 'Log backend'). */
  label: string;
  specHint?: ReactNode;
}

/**
 * Name, (Namespace, Icon,) Labels and a Spec validated against the resource's schema on blur and change; Save
 * stays disabled while anything is invalid. Name and namespace are read-only once the row exists.
 */
export function SpecForm(props: SpecFormProps) {
  const { row, rules, starter, withNamespace, withIcon, languages = ['yaml'], readOnly, saving, onSave, extraActions, label } = props;
  const existing = !!row;
  const form = useAppForm<SpecFormValues>({ defaultValues: toSpecFormValues(row, starter), resolver: specFormResolver(rules) });
  const language = useWatch({ control: form.control, name: 'language' });
  // The spec's problems show in the editor's own list; the labels' under the field once touched.
  const labelsState = form.getFieldState('labelsText', form.formState);
  const labelsError = labelsState.isTouched || form.formState.isSubmitted ? labelsState.error?.message : undefined;
  const specState = form.getFieldState('specText', form.formState);
  const specEmpty = !useWatch({ control: form.control, name: 'specText' }).trim() && (specState.isTouched || form.formState.isSubmitted);
  const id = label.toLowerCase().replace(/\W+/g, '-');

  const switchLanguage = (next: EditorLanguage) => {
    if (next === language) return;
    form.setValue('specText', convertSpecText(form.getValues('specText'), next), { shouldValidate: true });
    form.setValue('language', next, { shouldValidate: true });
  };

  return (
    <Form form={form} onSubmit={onSave} aria-label={label} className="flex flex-col gap-4">
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField name="name" id={`${id}-name`} label="Name" required readOnly={existing || readOnly} />
        {withNamespace && <TextField name="namespace" id={`${id}-namespace`} label="Namespace" readOnly={existing || readOnly} />}
        {withIcon && <TextField name="icon" id={`${id}-icon`} label="Icon" readOnly={readOnly} />}
        {row && (
          <Field id={`${id}-source`} label="Source">
            <Input id={`${id}-source`} readOnly value={(row as { source?: string | null }).source ?? 'UI'} />
          </Field>
        )}
        <Field id={`${id}-labels`} label="Labels" hint="A JSON map of label names to values." error={labelsError} className="md:col-span-2">
          <Controller
            control={form.control}
            name="labelsText"
            render={({ field }) => (
              <CodeEditor
                id={`${id}-labels`}
                aria-label="Labels"
                language="json"
                size="very-small"
                readOnly={readOnly}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  field.onBlur();
                }}
                showProblems={false}
              />
            )}
          />
        </Field>
      </div>
      <Field id={`${id}-spec`} label="Spec" required hint={props.specHint} error={specEmpty ? specState.error?.message : undefined}>
        {languages.length > 1 && (
          <div role="group" aria-label="Spec format" className="flex gap-1">
            {languages.map((l) => (
              <Button
                key={l}
                size="sm"
                variant={l === language ? 'secondary' : 'ghost'}
                aria-pressed={l === language}
                disabled={readOnly}
                onClick={() => switchLanguage(l)}
              >
                {l.toUpperCase()}
              </Button>
            ))}
          </div>
        )}
        <Controller
          control={form.control}
          name="specText"
          render={({ field }) => (
            <div onBlur={field.onBlur}>
              <CodeEditor
                id={`${id}-spec`}
                aria-label={`${label} spec`}
                language={language}
                size="large"
                readOnly={readOnly}
                value={field.value}
                onChange={field.onChange}
                schema={rules.schemaFor?.(field.value) ?? rules.specSchema}
              />
            </div>
          )}
        />
      </Field>
      <div className="flex items-center justify-end gap-2 border-t pt-3">
        {extraActions}
        {!readOnly && (
          <Button type="submit" loading={saving} disabled={!form.formState.isValid || saving}>
            {saving ? (existing ? 'Updating' : 'Saving') : existing ? 'Update' : 'Save'}
          </Button>
        )}
      </div>
    </Form>
  );
}
