import { useFormContext } from 'react-hook-form';
import { Field, Input, Textarea } from '../../../components/ui';
import { flag, paramLabel, type ParamFieldProps } from './param-field-props';
import { useParamError } from './use-param-error';

/** Examples shown in empty quantity fields, in the notation the rules accept. */
const PLACEHOLDERS: Record<string, string> = { duration: 'e.g. 5m or 1h30m', millicores: 'e.g. 500m', bytes: 'e.g. 512Mi' };

/** Text-like parameters: text (one line, or several with `multiline`), secret (hidden), duration, millicores, bytes. */
export function TextParam({ param, name, id }: ParamFieldProps) {
  const { register } = useFormContext();
  const error = useParamError(name);
  const common = { id, 'aria-invalid': !!error || undefined, ...register(name) };
  const multiline = param.type === 'text' && flag(param.properties?.multiline);
  const placeholder = PLACEHOLDERS[param.type] ?? PLACEHOLDERS[param.properties?.format ?? ''];
  return (
    <Field id={id} label={paramLabel(param)} hint={param.description} required={param.required} error={error}>
      {multiline ? (
        <Textarea rows={4} className="font-mono" {...common} />
      ) : (
        <Input
          type={param.type === 'secret' ? 'password' : 'text'}
          autoComplete={param.type === 'secret' ? 'new-password' : 'off'}
          placeholder={placeholder}
          {...common}
        />
      )}
    </Field>
  );
}
