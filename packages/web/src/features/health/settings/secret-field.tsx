import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Input, Label, Select } from '../../../components/ui';
import { errorAt, fieldId } from './field-id';

export type SecretSource = 'static' | 'configmap' | 'secret';

export const SECRET_SOURCES: readonly { value: SecretSource; label: string }[] = [
  { value: 'static', label: 'Static' },
  { value: 'configmap', label: 'Config Map' },
  { value: 'secret', label: 'Secret' },
];

type SecretValue =
  | string
  | { value?: unknown; valueFrom?: { secretKeyRef?: { name?: string; key?: string }; configMapKeyRef?: { name?: string; key?: string } } }
  | undefined;

/** Which source a value-or-reference field uses. */
export function secretSource(value: SecretValue): SecretSource {
  if (value && typeof value === 'object' && value.valueFrom?.configMapKeyRef) return 'configmap';
  if (value && typeof value === 'object' && value.valueFrom?.secretKeyRef) return 'secret';
  return 'static';
}

/** The value after choosing another source: the other sources are cleared. */
export function switchSecretSource(source: SecretSource): SecretValue {
  if (source === 'configmap') return { valueFrom: { configMapKeyRef: { name: '', key: '' } } };
  if (source === 'secret') return { valueFrom: { secretKeyRef: { name: '', key: '' } } };
  return { value: '' };
}

/** A secret-or-value field (username, password): Static value, or a Config Map / Secret name and key. */
export function SecretField({ path, label, readOnly }: { path: string; label: string; readOnly: boolean }) {
  const { control, formState } = useFormContext();
  const sourceId = useId();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => {
        const value = field.value as SecretValue;
        const source = secretSource(value);
        const refKind = source === 'configmap' ? 'configMapKeyRef' : 'secretKeyRef';
        const ref = (typeof value === 'object' && value?.valueFrom?.[refKind]) || {};
        const staticText =
          typeof value === 'string' ? value : typeof value === 'object' && value?.value !== undefined ? String(value.value) : '';
        const setRef = (key: 'name' | 'key', text: string) => field.onChange({ valueFrom: { [refKind]: { ...ref, [key]: text } } });
        return (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{label}</legend>
            <div className="flex flex-wrap items-start gap-2">
              <Select
                id={sourceId}
                aria-label={`${label} source`}
                disabled={readOnly}
                value={source}
                options={SECRET_SOURCES}
                onValueChange={(v) => field.onChange(switchSecretSource(v as SecretSource))}
                className="w-36"
              />
              {source === 'static' ? (
                <Input
                  id={fieldId(`${path}.value`)}
                  aria-label={label}
                  readOnly={readOnly}
                  className="flex-1"
                  value={staticText}
                  onChange={(e) => field.onChange({ value: e.target.value })}
                  onBlur={field.onBlur}
                />
              ) : (
                (['name', 'key'] as const).map((n) => {
                  const sub = `${path}.valueFrom.${refKind}.${n}`;
                  const error = errorAt(formState, sub);
                  return (
                    <div key={n} className="grid flex-1 gap-1">
                      <Label
                        htmlFor={fieldId(sub)}
                        className="sr-only"
                      >{`${label} ${source === 'configmap' ? 'config map' : 'secret'} ${n}`}</Label>
                      <Input
                        id={fieldId(sub)}
                        placeholder={n === 'name' ? 'Name' : 'Key'}
                        readOnly={readOnly}
                        invalid={!!error}
                        value={ref[n] ?? ''}
                        onChange={(e) => setRef(n, e.target.value)}
                        onBlur={field.onBlur}
                      />
                      {error && (
                        <p role="alert" className="text-xs text-destructive">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                })
              )}
            </div>
          </fieldset>
        );
      }}
    />
  );
}
