import { inviteUserRequestSchema, updateUserRequestSchema, USER_FORM_MESSAGES, USER_FORM_ROLES, type InviteUserRequest } from '@ops/shared';
import { z } from 'zod';

export interface InviteFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export type InviteFormErrors = Partial<Record<keyof InviteFormValues, string>>;

export const EMPTY_INVITE: InviteFormValues = { firstName: '', lastName: '', email: '', role: '' };

/** Role choices of the user form, in display order. */
export const ROLE_OPTIONS = USER_FORM_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));

/** The invite form's rules: the shared request schema, with no role picked read as a missing role. */
export const inviteFormSchema = z.preprocess(
  (values) => ({ ...(values as InviteFormValues), role: (values as InviteFormValues).role || undefined }),
  inviteUserRequestSchema,
);

/** What Edit User edits: the roles the form offers and whether the account is active. */
export interface EditUserFormValues {
  roles: string[];
  active: boolean;
}

/** Edit User's rules: the shared request's roles, at least one ('Please select any role'). */
export const editUserFormSchema = z.object({
  roles: updateUserRequestSchema.shape.roles.unwrap().min(1, USER_FORM_MESSAGES.role),
  active: z.boolean(),
});

/**
 * Invite form checks through the shared schema (the server runs the same one): the first message per
 * field, e.g. 'Please provide valid email' when empty, 'Entered value does not match email format' when malformed.
 */
export function validateInvite(values: InviteFormValues): { data?: InviteUserRequest; errors: InviteFormErrors } {
  const parsed = inviteFormSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: InviteFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof InviteFormValues;
    errors[key] ??= issue.message;
  }
  return { errors };
}
