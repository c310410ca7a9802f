import { Controller, useFormContext } from 'react-hook-form';
import { CodeEditor } from '../../../components/code-editor';
import { Field, Input, Select } from '../../../components/ui';
import { scheduleOptions } from '../../../components/schedule';
import type { CanaryFormValues } from './canary-form-model';
import { errorAt, READ_ONLY_CLASS as RO } from './field-id';

export interface CanaryMetaFieldsProps {
  /** Name and namespace are read-only once the canary exists. */
  existing: boolean;
  /** Everything else is read-only for a canary with a source or without write permission. */
  readOnly: boolean;
  source: string | null | undefined;
}

/** Name, Namespace, Icon, Schedule, Source (read-only) and Labels (JSON) of a canary. */
export function CanaryMetaFields({ existing, readOnly, source }: CanaryMetaFieldsProps) {
  const { register, control, formState } = useFormContext<CanaryFormValues>();
  const nameError = errorAt(formState, 'name');
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <Field id="canary-name" label="Name" required error={nameError}>
        <Input id="canary-name" className={RO} readOnly={existing || readOnly} invalid={!!nameError} {...register('name')} />
      </Field>
      <Field id="canary-namespace" label="Namespace">
        <Input id="canary-namespace" className={RO} readOnly={existing || readOnly} {...register('namespace')} />
      </Field>
      <Field id="canary-schedule" label="Schedule">
        <Controller
          control={control}
          name="schedule"
          render={({ field }) => (
            <Select
              id="canary-schedule"
              disabled={readOnly}
              value={field.value}
              options={scheduleOptions(field.value)}
              onValueChange={field.onChange}
            />
          )}
        />
      </Field>
      <Field id="canary-icon" label="Icon">
        <Input id="canary-icon" className={RO} readOnly={readOnly} {...register('icon')} />
      </Field>
      <Field id="canary-source" label="Source">
        <Input id="canary-source" className={RO} readOnly value={source ?? 'UI'} />
      </Field>
      <Field id="canary-labels" label="Labels" hint="A JSON map of label names to values; text that does not parse is ignored.">
        <Controller
          control={control}
          name="labelsText"
          render={({ field }) => (
            <CodeEditor
              id="canary-labels"
              aria-label="Labels"
              language="json"
              size="very-small"
              readOnly={readOnly}
              value={field.value}
              onChange={field.onChange}
              showProblems={false}
            />
          )}
        />
      </Field>
    </div>
  );
}
