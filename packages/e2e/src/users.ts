import { randomBytes } from 'node:crypto';
import type { Role } from '@ops/shared';
import { IdentityRepository } from '../../server/dist/modules/identity/identity.repository.js';
import { IdentityService } from '../../server/dist/modules/identity/identity.service.js';
import type { Db } from './e2e-db.js';

export interface E2eUser {
  id: string;
  name: string;
  email: string;
  password: string;
  roles: Role[];
}

/**
 * Create a user who can sign in, with the given roles (none = a viewer by default), using the
 * server's identity service on the e2e database. Issue 3 brings a user API; use it here then.
 */
export async function createUser(db: Db, roles: Role[], firstName = roles[0] ?? 'norole'): Promise<E2eUser> {
  const suffix = randomBytes(4).toString('hex');
  const email = `${firstName}-${suffix}@e2e.local`.toLowerCase();
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const lastName = 'Tester';
  const identity = new IdentityService(new IdentityRepository(db), 1);
  const id = await identity.createUser({ firstName, lastName, email, password, roles });
  return { id, name: `${firstName} ${lastName}`, email, password, roles };
}
