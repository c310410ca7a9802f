import { Controller, useFormContext } from 'react-hook-form';
import { CodeEditor, type CodeEditorSize } from '../../../components/code-editor';
import { Field, Textarea } from '../../../components/ui';
import { paramLabel, type ParamFieldProps } from './param-field-props';
import { useParamError } from './use-param-error';

const SIZES: readonly CodeEditorSize[] = ['very-small', 'small', 'medium', 'large'];

/** The editor's language: YAML and JSON get CodeMirror with their checks; unset means YAML. */
export function codeLanguage(language: string | undefined): 'yaml' | 'json' | null {
  const l = (language ?? 'yaml').trim().toLowerCase();
  if (l === 'yaml' || l === 'yml' || l === '') return 'yaml';
  if (l === 'json') return 'json';
  return null;
}

/**
 * A code parameter: CodeMirror (loaded when the field first shows) for YAML and JSON; other languages (a
 * script) get a monospace text area, since a YAML check would mark valid code as wrong.
 */
export function CodeParam({ param, name, id }: ParamFieldProps) {
  const { control, register } = useFormContext();
  const error = useParamError(name);
  const language = codeLanguage(param.properties?.language);
  const size = (SIZES as readonly string[]).includes(param.properties?.size ?? '') ? (param.properties?.size as CodeEditorSize) : 'small';
  return (
    <Field id={id} label={paramLabel(param)} hint={param.description} required={param.required} error={error}>
      {language ? (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <CodeEditor
              id={id}
              aria-label={paramLabel(param)}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(text) => field.onChange(text)}
              language={language}
              size={size}
              showProblems={false}
            />
          )}
        />
      ) : (
        <Textarea id={id} rows={8} className="font-mono" spellCheck={false} aria-invalid={!!error || undefined} {...register(name)} />
      )}
    </Field>
  );
}
