import type { InviteUserRequest, InviteUserResponse } from '@ops/shared';
import { Form, SelectField, TextField, useAppForm } from '../../../components/form';
import { Button, Dialog } from '../../../components/ui';
import { EMPTY_INVITE, inviteFormSchema, ROLE_OPTIONS, validateInvite, type InviteFormValues } from './user-form-model';

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

/** Invite User: first name, last name, e-mail and role, validated on blur and change with the shared form messages. */
export function InviteUserDialog({ open, onOpenChange, inviting, onInvite, onInvited }: InviteUserDialogProps) {
  const form = useAppForm<InviteFormValues>({ defaultValues: EMPTY_INVITE, schema: inviteFormSchema });
  const close = (o: boolean): void => {
    if (inviting) return;
    onOpenChange(o);
    if (!o) form.reset(EMPTY_INVITE);
  };
  const submit = async (values: InviteFormValues): Promise<void> => {
    // The schema passed, so this is the trimmed request body.
    const { data } = validateInvite(values);
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
      <Form form={form} id="invite-user" onSubmit={submit} className="grid gap-4">
        {FIELDS.map(({ key, label, type }) => (
          <TextField key={key} name={key} id={`invite-${key}`} label={label} type={type} required />
        ))}
        <SelectField name="role" id="invite-role" label="Role" required placeholder="Select a role" options={ROLE_OPTIONS} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={inviting} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={inviting}>
            Invite
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
