import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Select, Textarea } from '../../../components/ui';

/** Script languages of test / display / transform and their keys in the spec. */
export const SCRIPT_LANGUAGES = [
  { value: 'template', label: 'Go template' },
  { value: 'javascript', label: 'Javascript' },
  { value: 'expr', label: 'Expr' },
  { value: 'jsonPath', label: 'JSONPath' },
] as const;

type Script = Partial<Record<(typeof SCRIPT_LANGUAGES)[number]['value'], string>>;

/** The language a script object uses (the first key set; Expr for a new one). */
export function scriptLanguage(value: Script | undefined): string {
  return SCRIPT_LANGUAGES.find((l) => typeof value?.[l.value] === 'string')?.value ?? 'expr';
}

/** A test / display / transform script: language and text. Changing the language clears the script. */
export function ScriptField({ path, label, readOnly }: { path: string; label: string; readOnly: boolean }) {
  const { control } = useFormContext();
  const langId = useId();
  const textId = useId();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => {
        const value = (field.value ?? undefined) as Script | undefined;
        const lang = scriptLanguage(value);
        const text = value?.[lang as keyof Script] ?? '';
        return (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{label}</legend>
            <div className="flex items-start gap-2">
              <Select
                id={langId}
                aria-label={`${label} language`}
                disabled={readOnly}
                value={lang}
                options={SCRIPT_LANGUAGES}
                onValueChange={(v) => field.onChange({ [v]: '' })}
                className="w-36"
              />
              <Textarea
                id={textId}
                aria-label={`${label} script`}
                readOnly={readOnly}
                rows={2}
                className="flex-1 font-mono text-xs"
                value={text}
                onChange={(e) => field.onChange({ [lang]: e.target.value })}
              />
            </div>
          </fieldset>
        );
      }}
    />
  );
}
