import { Controller, useFormContext } from 'react-hook-form';
import { TextField, useFieldError } from '../../../components/form';
import { scheduleOptions } from '../../../components/schedule';
import { Field, Select, Textarea } from '../../../components/ui';
import type { ScraperFormValues } from './scraper-form-model';
import { scraperTypeInfo, type ScraperField } from './scraper-types';

export interface ScraperFormFieldsProps {
  type: string;
  readOnly: boolean;
}

/** A multi-line field (query, kubeconfig, paths) bound to the form, with its error. */
function TextareaField({ field, readOnly }: { field: ScraperField; readOnly: boolean }) {
  const { register } = useFormContext<ScraperFormValues>();
  const name = `fields.${field.key}` as const;
  const error = useFieldError(name);
  const id = `scraper-${field.key}`;
  return (
    <Field id={id} label={field.label} hint={field.hint} required={field.required} error={error} className="md:col-span-2">
      <Textarea
        id={id}
        rows={field.key === 'query' ? 5 : 3}
        readOnly={readOnly}
        placeholder={field.placeholder}
        invalid={!!error}
        {...register(name)}
      />
    </Field>
  );
}

/** Name, namespace, schedule and the fields of the scraper's type. */
export function ScraperFormFields({ type, readOnly }: ScraperFormFieldsProps) {
  const { control } = useFormContext<ScraperFormValues>();
  const info = scraperTypeInfo(type);
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <TextField name="name" id="scraper-name" label="Name" required readOnly={readOnly} />
      <TextField name="namespace" id="scraper-namespace" label="Namespace" readOnly={readOnly} />
      <Field id="scraper-schedule" label="Schedule">
        <Controller
          control={control}
          name="schedule"
          render={({ field }) => (
            <Select
              id="scraper-schedule"
              disabled={readOnly}
              value={field.value || undefined}
              placeholder="Default (every 60m)"
              options={scheduleOptions(field.value)}
              onValueChange={field.onChange}
            />
          )}
        />
      </Field>
      <div className="hidden md:block" />
      {(info?.fields ?? []).map((f) =>
        f.kind === 'textarea' || f.kind === 'list' ? (
          <TextareaField key={f.key} field={f} readOnly={readOnly} />
        ) : (
          <TextField
            key={f.key}
            name={`fields.${f.key}`}
            id={`scraper-${f.key}`}
            label={f.label}
            hint={f.hint}
            required={f.required}
            placeholder={f.placeholder}
            inputMode={f.kind === 'number' ? 'numeric' : undefined}
            readOnly={readOnly}
          />
        ),
      )}
    </div>
  );
}
