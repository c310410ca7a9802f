import { USER_FORM_MESSAGES, USER_FORM_ROLES, type UpdateUserRequest, type UserRow } from '@ops/shared';
import { useState } from 'react';
import { Button, Checkbox, Dialog, Label, Switch } from '../../../components/ui';
import { userName } from '../api/users-api';

export interface EditUserDialogProps {
  /** The user being edited; null when closed. Key the dialog by the user's id. */
  user: UserRow | null;
  onClose: () => void;
  saving: boolean;
  /** Shown only with write permission on identities (spec 3 §5). */
  canWrite: boolean;
  onSave: (user: UserRow, body: UpdateUserRequest) => Promise<unknown>;
}

/** Edit User: the roles (at least one) and whether the account is active. */
export function EditUserDialog({ user, onClose, saving, canWrite, onSave }: EditUserDialogProps) {
  const [roles, setRoles] = useState<string[]>(() => user?.roles.filter((r) => (USER_FORM_ROLES as readonly string[]).includes(r)) ?? []);
  const [active, setActive] = useState(user?.state !== 'inactive');
  const [error, setError] = useState<string>();
  const toggle = (role: string, on: boolean): void => {
    const next = on ? [...roles, role] : roles.filter((r) => r !== role);
    setRoles(USER_FORM_ROLES.filter((r) => next.includes(r)));
    if (next.length) setError(undefined);
  };
  const save = async (): Promise<void> => {
    if (!user) return;
    if (!roles.length) return setError(USER_FORM_MESSAGES.role);
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
            <Button loading={saving} onClick={() => void save()}>
              Save
            </Button>
          )}
        </>
      }
    >
      <fieldset className="grid gap-2" disabled={!canWrite}>
        <legend className="mb-1 text-sm font-medium">Roles</legend>
        {USER_FORM_ROLES.map((role) => (
          <div key={role} className="flex items-center gap-2">
            <Checkbox
              id={`edit-role-${role}`}
              checked={roles.includes(role)}
              onCheckedChange={(on) => toggle(role, on)}
              disabled={!canWrite}
            />
            <Label htmlFor={`edit-role-${role}`} className="capitalize">
              {role}
            </Label>
          </div>
        ))}
        {error && (
          <p role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
      </fieldset>
      <div className="mt-4 flex items-center gap-2">
        <Switch id="edit-active" checked={active} onCheckedChange={setActive} disabled={!canWrite} />
        <Label htmlFor="edit-active">Active</Label>
      </div>
    </Dialog>
  );
}
