import type { CanaryRow } from '@ops/shared';
import { canaryDocumentSchema } from '@ops/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, type Resolver } from 'react-hook-form';
import { CodeEditor } from '../../../components/code-editor';
import { Form, useAppForm } from '../../../components/form';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { CanaryMetaFields } from './canary-meta-fields';
import { fromCanaryYaml, newCheck, toCanaryYaml, toFormValues, type CanaryFormValues } from './canary-form-model';
import { toResolverErrors, validateCanaryForm } from './canary-validation';
import { CheckEditor } from './check-editor';
import { CheckTypePicker } from './check-type-picker';
import { errorAt } from './field-id';

const resolver: Resolver<CanaryFormValues> = async (values) => {
  const errors = validateCanaryForm(values);
  return Object.keys(errors).length ? { values: {}, errors: toResolverErrors(errors) as never } : { values, errors: {} };
};

export interface CanaryFormProps {
  row: CanaryRow | undefined;
  readOnly: boolean;
  saving: boolean;
  onSave: (values: CanaryFormValues) => void;
  /** Delete button area (existing canaries with write permission). */
  extraActions?: React.ReactNode;
}

/**
 * The canary editor: name, namespace, schedule, labels and its checks (forms for form-based types,
 * YAML for the rest), with a Code view of the whole Canary. Validates on blur and change.
 */
export function CanaryForm({ row, readOnly, saving, onSave, extraActions }: CanaryFormProps) {
  const form = useAppForm<CanaryFormValues>({ defaultValues: toFormValues(row), resolver });
  const checks = useFieldArray({ control: form.control, name: 'checks', keyName: 'key' });
  const [picker, setPicker] = useState(false);
  const [view, setView] = useState<'form' | 'code'>('form');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const existing = !!row;

  // Code → form: a document that is not a Canary keeps the Code view open with a message.
  const applyCode = (): boolean => {
    const parsed = fromCanaryYaml(code);
    if (!parsed) {
      setCodeError('The YAML must be a Canary with metadata and spec');
      return false;
    }
    if (existing) Object.assign(parsed, { name: form.getValues('name'), namespace: form.getValues('namespace') });
    form.reset(parsed, { keepDefaultValues: true });
    setCodeError(undefined);
    return true;
  };
  const switchView = (next: string): void => {
    if (next === 'code') setCode(toCanaryYaml(form.getValues()));
    else if (!applyCode()) return;
    setView(next as 'form' | 'code');
  };
  const checksError = errorAt(form.formState, 'checks');

  return (
    <>
      <Form
        form={form}
        onSubmit={onSave}
        beforeSubmit={() => view !== 'code' || applyCode()}
        aria-label="Health check"
        className="flex flex-col gap-4"
      >
        <Tabs value={view} onValueChange={switchView}>
          <TabsList aria-label="Editor mode">
            <TabsTrigger value="form">Form</TabsTrigger>
            <TabsTrigger value="code">Code</TabsTrigger>
          </TabsList>
          <TabsContent value="form" className="flex flex-col gap-4">
            <CanaryMetaFields existing={existing} readOnly={readOnly} source={row?.source} />
            <h2 className="text-sm font-semibold">Checks</h2>
            {checks.fields.map((f, i) => (
              <CheckEditor key={f.key} index={i} type={f.type} readOnly={readOnly} onRemove={() => checks.remove(i)} />
            ))}
            {checksError && (
              <p role="alert" className="text-sm text-destructive">
                {checksError}
              </p>
            )}
            {!readOnly && (
              <Button variant="outline" className="self-start" onClick={() => setPicker(true)}>
                <Plus aria-hidden /> Add Check
              </Button>
            )}
          </TabsContent>
          <TabsContent value="code">
            <CodeEditor
              value={code}
              onChange={setCode}
              readOnly={readOnly}
              language="yaml"
              size="large"
              schema={canaryDocumentSchema}
              aria-label="Canary YAML"
            />
            {codeError && (
              <p role="alert" className="mt-1 text-sm text-destructive">
                {codeError}
              </p>
            )}
          </TabsContent>
        </Tabs>
        <div className="flex items-center justify-end gap-2 border-t pt-3">
          {extraActions}
          {!readOnly && (
            <Button type="submit" loading={saving}>
              {saving ? (existing ? 'Updating' : 'Saving') : existing ? 'Update' : 'Save'}
            </Button>
          )}
        </div>
      </Form>
      <CheckTypePicker
        open={picker}
        onOpenChange={setPicker}
        onPick={(type) => {
          checks.append(newCheck(type));
          setPicker(false);
        }}
      />
    </>
  );
}
