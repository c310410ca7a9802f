import type { PlaybookParameterWire } from '@ops/shared';
import { useEffect, useId } from 'react';
import { useFormState } from 'react-hook-form';
import { Form, useAppForm } from '../../../components/form';
import { ParamField } from './param-field';
import { paramsSchema } from './param-schema';
import { initialParamValues, paramKey, runParamsFrom, type ParamFormValues } from './param-values';

export interface ParamsFormProps {
  /** The form element's id, so a Run button outside it (a dialog footer) can submit it. */
  formId: string;
  params: readonly PlaybookParameterWire[];
  /** Called with the run request's `params` map once every value passes its rules. */
  onSubmit: (params: Record<string, unknown>) => void | Promise<void>;
  /** Told whether the values pass, so the Run button can be disabled while they do not. */
  onValidChange: (valid: boolean) => void;
}

/**
 * One labelled input per parameter, pre-filled with the rendered defaults and checked with the spec's rules.
 * Mount it with a key per parameter list: the schema and the first values are taken once.
 */
export function ParamsForm({ formId, params, onSubmit, onValidChange }: ParamsFormProps) {
  const form = useAppForm<ParamFormValues>({ defaultValues: initialParamValues(params), schema: paramsSchema(params) });
  const idBase = useId();
  // Check the pre-filled defaults at once: a default that breaks a rule shows its message (and why Run is off).
  useEffect(() => void form.trigger(), [form]);
  return (
    <Form id={formId} form={form} onSubmit={(values) => onSubmit(runParamsFrom(params, values))} className="grid gap-4">
      <ValidityReporter onValidChange={onValidChange} />
      {params.map((p, i) => (
        <ParamField key={`${i}:${p.name}`} param={p} name={paramKey(i)} id={`${idBase}-${i}`} />
      ))}
    </Form>
  );
}

/** Reports the form's validity upwards whenever it changes. */
function ValidityReporter({ onValidChange }: { onValidChange: (valid: boolean) => void }) {
  const { isValid } = useFormState();
  useEffect(() => onValidChange(isValid), [isValid, onValidChange]);
  return null;
}
