import type { InviteUserRequest, InviteUserResponse } from '@ops/shared';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, Select } from '../../../components/ui';
import { EMPTY_INVITE, ROLE_OPTIONS, validateInvite, type InviteFormErrors, type InviteFormValues } from './user-form-model';

export interface InviteUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inviting: boolean;
  onInvite: (body: InviteUserRequest) => Promise<InviteUserResponse>;
  /** Called with the invite answer; the page then shows the Invite Link dialog. */
  onInvited: (result: InviteUserResponse, body: InviteUserRequest) => void;
}

const FIELDS: { key: Exclude<keyof InviteFormValues, 'role'>; label: string; type: string }[] = [
  { key: 'firstName', label: 'First Name', type: 'text' },
  { key: 'lastName', label: 'Last Name', type: 'text' },
  { key: 'email', label: 'Email', type: 'email' },
];

/** Invite User: first name, last name, e-mail and role, validated with the spec 3 §5 texts on blur and change. */
export function InviteUserDialog({ open, onOpenChange, inviting, onInvite, onInvited }: InviteUserDialogProps) {
  const [values, setValues] = useState<InviteFormValues>(EMPTY_INVITE);
  const [touched, setTouched] = useState<Partial<Record<keyof InviteFormValues, boolean>>>({});
  const [errors, setErrors] = useState<InviteFormErrors>({});
  const show = (k: keyof InviteFormValues): string | undefined => (touched[k] ? errors[k] : undefined);
  const change = (patch: Partial<InviteFormValues>): void => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors(validateInvite(next).errors);
  };
  const close = (o: boolean): void => {
    if (inviting) return;
    onOpenChange(o);
    if (o) return;
    setValues(EMPTY_INVITE);
    setTouched({});
    setErrors({});
  };
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const { data, errors: found } = validateInvite(values);
    setErrors(found);
    setTouched({ firstName: true, lastName: true, email: true, role: true });
    if (!data) return;
    try {
      const result = await onInvite(data);
      close(false);
      onInvited(result, data);
    } catch {
      // The mutation toasted the server's message; keep the form for a fix.
    }
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Invite User">
      <form id="invite-user" noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        {FIELDS.map(({ key, label, type }) => (
          <Field key={key} id={`invite-${key}`} label={label} required error={show(key)}>
            <Input
              id={`invite-${key}`}
              type={type}
              value={values[key]}
              invalid={!!show(key)}
              onChange={(e) => change({ [key]: e.target.value })}
              onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
            />
          </Field>
        ))}
        <Field id="invite-role" label="Role" required error={show('role')}>
          <Select
            id="invite-role"
            value={values.role || undefined}
            placeholder="Select a role"
            options={ROLE_OPTIONS}
            onValueChange={(role) => (setTouched((t) => ({ ...t, role: true })), change({ role }))}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={inviting} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={inviting}>
            Invite
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
