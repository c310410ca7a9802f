import { createTokenRequestSchema, MESSAGES, type CreateTokenResponse } from '@ops/shared';
import { useState } from 'react';
import { z } from 'zod';
import { CopyButton } from '../../../components/copy-button';
import { Form, SelectField, TextField, useAppForm } from '../../../components/form';
import { Button } from '../../../components/ui';
import { TOKEN_EXPIRY_OPTIONS } from './token-expiry';

interface TokenFormValues {
  name: string;
  expiry: string;
}

/** The shared request schema with the form's own text for a missing name. */
const tokenFormSchema = createTokenRequestSchema.extend({ name: z.string().trim().min(1, MESSAGES.required) });
const EMPTY: TokenFormValues = { name: '', expiry: 'never' };

export interface CreateTokenFormProps {
  creating: boolean;
  onCreate: (body: { name: string; expiry: string }) => Promise<CreateTokenResponse>;
}

/** Name + expiry → create; the new token's value is shown here once, with a copy button. */
export function CreateTokenForm({ creating, onCreate }: CreateTokenFormProps) {
  const form = useAppForm<TokenFormValues>({ defaultValues: EMPTY, schema: tokenFormSchema });
  const [created, setCreated] = useState<CreateTokenResponse | null>(null);
  const submit = async ({ name, expiry }: TokenFormValues): Promise<void> => {
    try {
      setCreated(await onCreate({ name: name.trim(), expiry }));
      form.reset({ name: '', expiry });
    } catch {
      // The mutation toasted the server's message.
    }
  };
  return (
    <div className="grid gap-3">
      <Form form={form} onSubmit={submit} aria-label="Create token" className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_auto]">
        <TextField name="name" id="token-name" label="Token name" required />
        <SelectField name="expiry" id="token-expiry" label="Expires" options={TOKEN_EXPIRY_OPTIONS} />
        <Button type="submit" loading={creating}>
          Create Token
        </Button>
      </Form>
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
