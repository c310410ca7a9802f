import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Label, Select } from '../../../components/ui';
import { SecretField } from './secret-field';

export type AuthKind = 'none' | 'basic' | 'ntlm' | 'ntlmv2';

const OPTIONS: readonly { value: AuthKind; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'basic', label: 'Basic' },
  { value: 'ntlm', label: 'NTLM' },
  { value: 'ntlmv2', label: 'NTLMv2' },
];

/** Which authentication an HTTP entry uses, from its fields. */
export function authKind(entry: Record<string, unknown> | undefined): AuthKind {
  if (!entry) return 'none';
  if (entry.ntlmv2 === true) return 'ntlmv2';
  if (entry.ntlm === true) return 'ntlm';
  return entry.username !== undefined || entry.password !== undefined ? 'basic' : 'none';
}

/**
 * HTTP authentication: None, Basic, NTLM or NTLMv2 with username and password. Choosing an option
 * clears the others.
 */
export function AuthField({ base, readOnly }: { base: string; readOnly: boolean }) {
  const { setValue, control } = useFormContext();
  const id = useId();
  const entry = useWatch({ control, name: base }) as Record<string, unknown> | undefined;
  const kind = authKind(entry);
  const choose = (next: AuthKind): void => {
    const opts = { shouldDirty: true, shouldValidate: true };
    setValue(`${base}.ntlm`, next === 'ntlm' ? true : undefined, opts);
    setValue(`${base}.ntlmv2`, next === 'ntlmv2' ? true : undefined, opts);
    const blank = next === 'none' ? undefined : { value: '' };
    setValue(`${base}.username`, blank, opts);
    setValue(`${base}.password`, blank, opts);
  };
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Authentication</Label>
        <Select id={id} disabled={readOnly} value={kind} options={OPTIONS} onValueChange={(v) => choose(v as AuthKind)} />
      </div>
      {kind !== 'none' && (
        <div className="grid gap-3 border-l-2 pl-3">
          <SecretField path={`${base}.username`} label="Username" readOnly={readOnly} />
          <SecretField path={`${base}.password`} label="Password" readOnly={readOnly} />
        </div>
      )}
    </div>
  );
}
