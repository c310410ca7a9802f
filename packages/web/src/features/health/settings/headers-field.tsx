import { Plus, X } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { Button, IconButton, Input } from '../../../components/ui';
import { errorAt } from './field-id';

interface Pair {
  name?: string;
  value?: string;
  valueFrom?: unknown;
}

/** A list of name/value pairs (HTTP headers, exec env). Entries with valueFrom are kept but shown read-only. */
export function HeadersField({ path, label, readOnly }: { path: string; label: string; readOnly: boolean }) {
  const { control, formState } = useFormContext();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => {
        const list = Array.isArray(field.value) ? (field.value as Pair[]) : [];
        const update = (i: number, patch: Pair): void => field.onChange(list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
        return (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{label}</legend>
            {list.map((pair, i) => {
              const error = errorAt(formState, `${path}.${i}.name`);
              return (
                <div key={i} className="flex items-start gap-2">
                  <div className="grid flex-1 gap-1">
                    <Input
                      aria-label={`${label} ${i + 1} name`}
                      placeholder="Name"
                      readOnly={readOnly}
                      invalid={!!error}
                      value={pair.name ?? ''}
                      onChange={(e) => update(i, { name: e.target.value })}
                    />
                    {error && (
                      <p role="alert" className="text-xs text-destructive">
                        {error}
                      </p>
                    )}
                  </div>
                  <Input
                    aria-label={`${label} ${i + 1} value`}
                    placeholder={pair.valueFrom ? '(from a secret or config map)' : 'Value'}
                    readOnly={readOnly || !!pair.valueFrom}
                    className="flex-1"
                    value={pair.value ?? ''}
                    onChange={(e) => update(i, { value: e.target.value })}
                  />
                  {!readOnly && (
                    <IconButton
                      label={`Remove ${label} ${i + 1}`}
                      icon={<X />}
                      onClick={() => field.onChange(list.filter((_, j) => j !== i))}
                    />
                  )}
                </div>
              );
            })}
            {!readOnly && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => field.onChange([...list, { name: '', value: '' }])}
              >
                <Plus aria-hidden /> Add {label.toLowerCase()}
              </Button>
            )}
          </fieldset>
        );
      }}
    />
  );
}
