import { MESSAGES, type CreateTokenResponse } from '@ops/shared';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Button, Field, Input, Select } from '../../../components/ui';
import { TOKEN_EXPIRY_OPTIONS } from './token-expiry';

export interface CreateTokenFormProps {
  creating: boolean;
  onCreate: (body: { name: string; expiry: string }) => Promise<CreateTokenResponse>;
}

/** Name + expiry → create; the new token's value is shown here once, with a copy button. */
export function CreateTokenForm({ creating, onCreate }: CreateTokenFormProps) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('never');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreateTokenResponse | null>(null);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!name.trim()) return setError(MESSAGES.required);
    setError(undefined);
    try {
      setCreated(await onCreate({ name: name.trim(), expiry }));
      setName('');
    } catch {
      // The mutation toasted the server's message.
    }
  };
  return (
    <div className="grid gap-3">
      <form
        noValidate
        aria-label="Create token"
        onSubmit={(e) => void submit(e)}
        className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_auto]"
      >
        <Field id="token-name" label="Token name" required error={error}>
          <Input id="token-name" value={name} invalid={!!error} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="token-expiry" label="Expires">
          <Select id="token-expiry" value={expiry} options={TOKEN_EXPIRY_OPTIONS} onValueChange={setExpiry} />
        </Field>
        <Button type="submit" loading={creating}>
          Create Token
        </Button>
      </form>
      {created && (
        <div role="status" className="grid gap-2 rounded-md border border-success/30 bg-success/10 p-3 text-sm">
          <p>
            Token <strong>{created.name}</strong> created. Copy it now: it is not shown again.
          </p>
          <div className="flex items-center gap-2">
            <code aria-label="New token" className="min-w-0 flex-1 break-all rounded bg-card px-2 py-1 font-mono text-xs">
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
        </div>
      )}
    </div>
  );
}
