/** Users administration (`/settings/users`): list rows, invite, edit, delete and role change. */
import { z } from 'zod';
import type { DbRow } from '../db/rows.generated.js';

/** Roles an administrator can give in the user form (the displayed role is the highest of admin, editor, viewer). */
export const USER_FORM_ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;

/** The user form's validation texts; the server answers 400 with the same texts. */
export const USER_FORM_MESSAGES = {
  firstName: 'Please provide valid first name',
  lastName: 'Please provide valid last name',
  email: 'Please provide valid email',
  emailFormat: 'Entered value does not match email format',
  role: 'Please select any role',
} as const;

/** The spec's "simple x@y.z pattern". */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const firstName = z.string({ error: USER_FORM_MESSAGES.firstName }).trim().min(1, USER_FORM_MESSAGES.firstName);
const lastName = z.string({ error: USER_FORM_MESSAGES.lastName }).trim().min(1, USER_FORM_MESSAGES.lastName);
const email = z
  .string({ error: USER_FORM_MESSAGES.email })
  .trim()
  .min(1, USER_FORM_MESSAGES.email)
  .regex(SIMPLE_EMAIL, USER_FORM_MESSAGES.emailFormat);
const role = z.enum(USER_FORM_ROLES, { error: USER_FORM_MESSAGES.role });

/** `POST /api/auth/invite_user` body. */
export const inviteUserRequestSchema = z.object({ firstName, lastName, email, role });
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

/** The link lets the invited person set a password and sign in (valid 7 days, single use). */
export const inviteUserResponseSchema = z.object({ link: z.string(), id: z.string().uuid(), expires_at: z.string(), mailed: z.boolean() });
export type InviteUserResponse = z.infer<typeof inviteUserResponseSchema>;

/** `PATCH /api/auth/identities/{id}` body (Edit User): any subset; `active: false` signs the person out everywhere. */
export const updateUserRequestSchema = z.object({
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  email: email.optional(),
  role: role.optional(),
  roles: z.array(z.enum(USER_FORM_ROLES, { error: USER_FORM_MESSAGES.role })).optional(),
  active: z.boolean().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** `POST /api/rbac/{id}/update_role` body: replaces the person's roles with this one. */
export const updateRoleRequestSchema = z.object({ role });
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;

/** `GET /api/db/identities` row (the spec's users list reads it, then people_roles by id). */
export const identityRowSchema = z.object({
  id: z.string().uuid(),
  traits: z.object({
    email: z.string().optional(),
    name: z.object({ first: z.string().optional(), last: z.string().optional() }).optional(),
  }),
  state: z.enum(['active', 'inactive']),
  state_changed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdentityRow = z.infer<typeof identityRowSchema>;

/** `GET /api/db/people_roles?id=in.(…)` row. */
export const peopleRolesRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
});
export type PeopleRolesRow = z.infer<typeof peopleRolesRowSchema>;

/** `GET /api/auth/identities`: one call with everything the Users table shows (identities ⋈ roles). */
export const userRowSchema = identityRowSchema.extend({ name: z.string(), email: z.string().nullable(), roles: z.array(z.string()) });
export type UserRow = z.infer<typeof userRowSchema>;

/**
 * `GET /api/db/people` row: `id,name,email,avatar` always (the pickers select only those), the other columns when
 * selected (`*`). Derived from the generated row; the schema is held equal to it (db/row-schemas.test.ts).
 */
export type PersonRow = Pick<DbRow<'people'>, 'id' | 'name' | 'email' | 'avatar'> & Partial<DbRow<'people'>>;
export const personRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  type: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  deleted_at: z.string().nullable().optional(),
}) satisfies z.ZodType<PersonRow>;
