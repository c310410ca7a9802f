import { IDENTITY_PATHS, type InviteUserRequest, type InviteUserResponse, type UpdateUserRequest, type UserRow } from '@ops/shared';
import { api } from '../../../lib/api-client';

export const USERS_KEY = ['users'] as const;

/** GET /api/auth/identities: identities with name, email and roles, for the Users table. */
export function listUsers(signal?: AbortSignal): Promise<UserRow[]> {
  return api.get<UserRow[]>(IDENTITY_PATHS.identities, { signal });
}

/** POST /api/auth/invite_user: creates the person and returns the link that lets them set a password. */
export function inviteUser(body: InviteUserRequest): Promise<InviteUserResponse> {
  return api.post<InviteUserResponse>(IDENTITY_PATHS.inviteUser, body);
}

/** PATCH /api/auth/identities/{id}: roles and active state (inactive signs the person out everywhere). */
export function updateUser(id: string, body: UpdateUserRequest): Promise<UserRow> {
  return api.patch<UserRow>(IDENTITY_PATHS.identity(id), body);
}

/** DELETE /api/auth/identities/{id} (a soft delete on the server). */
export async function deleteUser(id: string): Promise<void> {
  await api.delete(IDENTITY_PATHS.identity(id));
}

/** The full name of a user row: the identity's first and last name, else the person's name, else the e-mail. */
export function userName(user: Pick<UserRow, 'traits' | 'name' | 'email'>): string {
  const first = user.traits.name?.first?.trim() ?? '';
  const last = user.traits.name?.last?.trim() ?? '';
  return `${first} ${last}`.trim() || user.name || user.email || user.traits.email || '';
}
