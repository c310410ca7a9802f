import { randomBytes } from 'node:crypto';
import type { InviteUserRequest, InviteUserResponse, UpdateUserRequest, UserRow } from '@ops/shared';
import { HttpError, badRequest, notFound } from '../../../http/errors.js';
import { inviteMail } from '../../mail/index.js';
import type { IdentityServices } from '../identity-services.js';
import type { Principal } from '../principal.js';
import { hashSecret } from '../tokens.js';
import type { UsersRepository } from './users.repository.js';

export const INVITE_DAYS = 7;
const LAST_ADMIN = 'At least one active admin must remain';

/** Invitations, edits, role changes and deletion of users (identities write; roles need rbac write). */
export class UsersService {
  constructor(
    private readonly s: IdentityServices,
    private readonly repo: UsersRepository,
  ) {}

  /** Create the identity with its role and a single-use link to set a password; mail it when SMTP is set. */
  async invite(input: InviteUserRequest, inviter: Principal, origin: string): Promise<InviteUserResponse> {
    if (await this.s.credentials.emailTaken(input.email)) throw new HttpError(409, 'A user with this email already exists');
    const id = await this.s.identity.createUser({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      roles: [input.role],
    });
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
    await this.s.codes.insert({ purpose: 'invite', identityId: id, codeHash: hashSecret(`invite:${token}`), expiresAt });
    const link = `${origin}/api/auth/self-service/invite?token=${token}`;
    if (this.s.mail.configured)
      this.s.mail.sendInBackground(inviteMail(input.email, input.firstName, link, inviter.name, INVITE_DAYS), 'invitation');
    return { link, id, expires_at: expiresAt.toISOString(), mailed: this.s.mail.configured };
  }

  async list(q: { limit: number; offset: number; search?: string }): Promise<{ rows: UserRow[]; total: number }> {
    return this.repo.list(q);
  }

  /**
   * Edit a user. A role change or deactivation ends the person's sessions (their next sign-in gets a new
   * session id) and clears cached principals; the last active admin cannot lose admin or be deactivated.
   */
  async update(id: string, patch: UpdateUserRequest): Promise<UserRow> {
    const user = await this.repo.get(id);
    if (!user) throw notFound(`User ${id} not found`);
    const roles = patch.roles ?? (patch.role ? [patch.role] : undefined);
    const losesAdmin = user.roles.includes('admin') && ((roles && !roles.includes('admin')) || patch.active === false);
    if (losesAdmin && user.state === 'active' && (await this.repo.otherActiveAdmins(id)) === 0) throw badRequest(LAST_ADMIN);
    const email = patch.email ?? user.traits.email ?? user.email ?? '';
    if (patch.email && (await this.s.credentials.emailTaken(patch.email, id)))
      throw new HttpError(409, 'A user with this email already exists');
    if (patch.email !== undefined || patch.firstName !== undefined || patch.lastName !== undefined) {
      await this.s.credentials.updateTraits(id, {
        email,
        name: { first: patch.firstName ?? user.traits.name?.first ?? '', last: patch.lastName ?? user.traits.name?.last ?? '' },
      });
    }
    const rolesChanged = roles !== undefined && [...roles].sort().join() !== [...user.roles].sort().join();
    if (rolesChanged) await this.repo.setRoles(id, [...new Set(roles)]);
    if (patch.active !== undefined) await this.repo.setState(id, patch.active ? 'active' : 'inactive');
    if (rolesChanged || patch.active === false) await this.s.identity.endSessionsOf(id);
    this.s.identity.invalidate();
    return (await this.repo.get(id))!;
  }

  /** Soft delete: deleted_at set, identity inactive, sessions and personal tokens revoked. */
  async delete(id: string): Promise<void> {
    const user = await this.repo.get(id);
    if (!user) throw notFound(`User ${id} not found`);
    if (user.roles.includes('admin') && user.state === 'active' && (await this.repo.otherActiveAdmins(id)) === 0)
      throw badRequest(LAST_ADMIN);
    await this.repo.softDelete(id);
    await this.s.identity.endSessionsOf(id);
  }
}
