import { Controller, useFormContext } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { RESPONSE_CODES } from './check-fields';

/**
 * Response codes as toggle buttons over RESPONSE_CODES (none chosen = any 2xx). Codes from
 * YAML that are not among the choices stay selected and shown.
 */
export function CodesField({ path, label, readOnly }: { path: string; label: string; readOnly: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => {
        const selected = Array.isArray(field.value) ? (field.value as number[]) : [];
        const choices = [...new Set([...RESPONSE_CODES, ...selected])].sort((a, b) => a - b);
        const toggle = (code: number): void =>
          field.onChange(selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code].sort((a, b) => a - b));
        return (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{label}</legend>
            <div className="flex flex-wrap gap-1.5" role="group" aria-label={label}>
              {choices.map((code) => (
                <button
                  key={code}
                  type="button"
                  disabled={readOnly}
                  aria-pressed={selected.includes(code)}
                  onClick={() => toggle(code)}
                  className={cn(
                    'rounded-md border px-2 py-1 text-xs tabular-nums hover:bg-accent disabled:opacity-60',
                    selected.includes(code) && 'border-primary bg-primary/10 text-primary',
                  )}
                >
                  {code}
                </button>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">None selected: any 2xx response passes.</p>
          </fieldset>
        );
      }}
    />
  );
}
