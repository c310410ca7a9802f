import { checkEntrySchema } from '@ops/shared';
import { Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CodeEditor } from '../../../components/code-editor';
import { IconButton } from '../../../components/ui';
import { CheckIcon } from '../components/check-icon';
import { AuthField } from './auth-field';
import { CHECK_FIELDS, type FieldDef } from './check-fields';
import { checkTypeInfo } from './check-types';
import { CodesField } from './codes-field';
import { errorAt } from './field-id';
import { HeadersField } from './headers-field';
import { ScriptField } from './script-field';
import { SecretField } from './secret-field';
import { SimpleField } from './simple-field';

function FormField({ def, base, readOnly }: { def: FieldDef; base: string; readOnly: boolean }) {
  const path = `${base}.${def.path}`;
  switch (def.kind) {
    case 'secret':
      return <SecretField path={path} label={def.label} readOnly={readOnly} />;
    case 'auth':
      return <AuthField base={base} readOnly={readOnly} />;
    case 'codes':
      return <CodesField path={path} label={def.label} readOnly={readOnly} />;
    case 'headers':
      return <HeadersField path={path} label={def.label} readOnly={readOnly} />;
    case 'script':
      return <ScriptField path={path} label={def.label} readOnly={readOnly} />;
    default:
      return <SimpleField def={def} base={base} readOnly={readOnly} />;
  }
}

export interface CheckEditorProps {
  index: number;
  type: string;
  readOnly: boolean;
  onRemove: () => void;
}

/** One check of the canary: the type's form, or a YAML editor validated against its schema (code-only types). */
export function CheckEditor({ index, type, readOnly, onRemove }: CheckEditorProps) {
  const { control, formState } = useFormContext();
  const base = `checks.${index}.entry`;
  const entry = useWatch({ control, name: base }) as Record<string, unknown> | undefined;
  const info = checkTypeInfo(type);
  const schema = useMemo(() => checkEntrySchema(type), [type]);
  const title = typeof entry?.name === 'string' && entry.name ? entry.name : 'New check';
  const yamlError = errorAt(formState, `checks.${index}.yaml`);
  return (
    <section aria-label={`${info.label} check ${index + 1}`} className="rounded-lg border bg-card">
      <header className="flex items-center gap-2 border-b px-4 py-2">
        <CheckIcon type={type} />
        <span className="text-sm font-semibold">{info.label}</span>
        <span className="truncate text-sm text-muted-foreground">{info.form ? title : ''}</span>
        {!readOnly && (
          <IconButton label={`Remove ${info.label} check ${index + 1}`} icon={<Trash2 />} className="ml-auto" onClick={onRemove} />
        )}
      </header>
      <div className="grid gap-4 p-4 md:grid-cols-2">
        {info.form ? (
          (CHECK_FIELDS[type] ?? [])
            .filter((def) => !def.showIf || def.showIf(entry ?? {}))
            .map((def) => (
              <div
                key={def.path}
                className={['textarea', 'headers', 'auth', 'codes', 'script'].includes(def.kind) ? 'md:col-span-2' : undefined}
              >
                <FormField def={def} base={base} readOnly={readOnly} />
              </div>
            ))
        ) : (
          <div className="md:col-span-2">
            <Controller
              control={control}
              name={`checks.${index}.yaml`}
              render={({ field }) => (
                <CodeEditor
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  readOnly={readOnly}
                  language="yaml"
                  size="small"
                  schema={schema}
                  aria-label={`${info.label} check YAML`}
                />
              )}
            />
            {yamlError && (
              <p role="alert" className="mt-1 text-xs text-destructive">
                {yamlError}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
