import { USER_FORM_ROLES, type UpdateUserRequest, type UserRow } from '@ops/shared';
import { CheckboxGroupField, Form, SwitchField, useAppForm } from '../../../components/form';
import { Button, Dialog } from '../../../components/ui';
import { userName } from '../api/users-api';
import { editUserFormSchema, type EditUserFormValues } from './user-form-model';

export interface EditUserDialogProps {
  /** The user being edited; null when closed. Key the dialog by the user's id. */
  user: UserRow | null;
  onClose: () => void;
  saving: boolean;
  /** Shown only with write permission on identities. */
  canWrite: boolean;
  onSave: (user: UserRow, body: UpdateUserRequest) => Promise<unknown>;
}

/** The form's starting values: the user's roles the form offers, and whether the account is active. */
function toValues(user: UserRow | null): EditUserFormValues {
  return { roles: user?.roles.filter((r) => (USER_FORM_ROLES as readonly string[]).includes(r)) ?? [], active: user?.state !== 'inactive' };
}

/** Edit User: the roles (at least one) and whether the account is active. */
export function EditUserDialog({ user, onClose, saving, canWrite, onSave }: EditUserDialogProps) {
  const form = useAppForm<EditUserFormValues>({ defaultValues: toValues(user), schema: editUserFormSchema });
  const save = async ({ roles, active }: EditUserFormValues): Promise<void> => {
    if (!user) return;
    try {
      await onSave(user, { roles: roles as UpdateUserRequest['roles'], active });
      onClose();
    } catch {
      // The mutation toasted the server's message.
    }
  };
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(o) => !o && !saving && onClose()}
      title="Edit User"
      description={user ? `${userName(user)} (${user.email ?? user.traits.email ?? ''})` : undefined}
      footer={
        <>
          <Button variant="outline" disabled={saving} onClick={onClose}>
            Cancel
          </Button>
          {canWrite && (
            <Button type="submit" form="edit-user" loading={saving}>
              Save
            </Button>
          )}
        </>
      }
    >
      <Form form={form} id="edit-user" onSubmit={save}>
        <CheckboxGroupField name="roles" legend="Roles" options={USER_FORM_ROLES} idPrefix="edit-role" disabled={!canWrite} />
        <SwitchField name="active" id="edit-active" label="Active" disabled={!canWrite} className="mt-4 flex items-center gap-2" />
      </Form>
    </Dialog>
  );
}
