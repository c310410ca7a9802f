import { inviteUserRequestSchema, USER_FORM_ROLES, type InviteUserRequest } from '@ops/shared';

export interface InviteFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export type InviteFormErrors = Partial<Record<keyof InviteFormValues, string>>;

export const EMPTY_INVITE: InviteFormValues = { firstName: '', lastName: '', email: '', role: '' };

/** Role choices of the user form, in the spec's order. */
export const ROLE_OPTIONS = USER_FORM_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));

/**
 * Spec 3 §5 checks through the shared schema (the server runs the same one): the first message per
 * field, e.g. 'Please provide valid email' when empty, 'Entered value does not match email format' when malformed.
 */
export function validateInvite(values: InviteFormValues): { data?: InviteUserRequest; errors: InviteFormErrors } {
  const parsed = inviteUserRequestSchema.safeParse({ ...values, role: values.role || undefined });
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: InviteFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof InviteFormValues;
    errors[key] ??= issue.message;
  }
  return { errors };
}
