import { SECRET_MASK } from '@ops/shared';
import { Controller, get, useFormContext } from 'react-hook-form';
import { useFieldError } from '../../../components/form';
import { Field, Input, Select, Textarea } from '../../../components/ui';
import {
  CREDENTIAL_SOURCES,
  credentialSource,
  credentialText,
  isKeySource,
  KEY_SOURCES,
  keyRefParts,
  makeCredential,
  type CredentialSource,
} from '../lib/credential-value';

export interface CredentialFieldProps {
  /** The value's path in the form, e.g. 'fields.password'. */
  name: string;
  id: string;
  label: string;
  required?: boolean;
  /** A static value is long text (a certificate, a kubeconfig) rather than a password. */
  multiline?: boolean;
}

const PLACEHOLDER: Record<'env' | 'file', string> = {
  env: 'Environment variable name',
  file: 'Path of a file the server reads',
};

/**
 * A secret: typed in (hidden), or a reference to an environment variable or a file of the server.
 * A stored secret shows as the mask; left as it is, the server keeps the secret, and focusing the
 * field selects the mask so typing replaces it instead of appending to it.
 */
export function CredentialField({ name, id, label, required, multiline }: CredentialFieldProps) {
  const { control, formState } = useFormContext();
  const error = useFieldError(name);
  // A Secret or ConfigMap key brought by YAML stays a choice of this field, so editing it keeps it possible.
  const initial = credentialSource(get(formState.defaultValues, name));
  const options = isKeySource(initial) ? [...CREDENTIAL_SOURCES, ...KEY_SOURCES.filter((s) => s.value === initial)] : CREDENTIAL_SOURCES;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const source = credentialSource(field.value);
        const text = credentialText(field.value);
        const masked = source === 'static' && text === SECRET_MASK;
        const change = (next: string): void => field.onChange(makeCredential(source, next));
        const common = {
          id,
          value: text,
          invalid: !!error,
          onBlur: field.onBlur,
          onFocus: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => masked && e.currentTarget.select(),
        };
        let input;
        if (isKeySource(source)) {
          const ref = keyRefParts(field.value);
          input = (
            <div className="flex flex-1 gap-2">
              <Input
                id={id}
                aria-label={`${label} ${source === 'secret' ? 'secret' : 'config map'} name`}
                placeholder="Name"
                value={ref.name}
                invalid={!!error}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(makeCredential(source, e.target.value, ref.key))}
              />
              <Input
                aria-label={`${label} key`}
                placeholder="Key"
                value={ref.key}
                invalid={!!error}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(makeCredential(source, ref.name, e.target.value))}
              />
            </div>
          );
        } else if (source !== 'static') {
          input = <Input {...common} placeholder={PLACEHOLDER[source]} className="font-mono" onChange={(e) => change(e.target.value)} />;
        } else if (multiline) {
          input = (
            <Textarea {...common} rows={4} className="font-mono text-xs" spellCheck={false} onChange={(e) => change(e.target.value)} />
          );
        } else {
          input = <Input {...common} type="password" autoComplete="new-password" onChange={(e) => change(e.target.value)} />;
        }
        return (
          <Field
            id={id}
            label={label}
            required={required}
            error={error}
            hint={masked ? 'A secret is stored; it is kept unless you type a new one.' : undefined}
          >
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <Select
                aria-label={`${label} from`}
                value={source}
                options={options}
                onValueChange={(v) => field.onChange(makeCredential(v as CredentialSource, ''))}
                className="sm:w-44 sm:shrink-0"
              />
              {input}
            </div>
          </Field>
        );
      }}
    />
  );
}
