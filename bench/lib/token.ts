import { createDb } from '../../packages/server/dist/db/pool.js';
import { IdentityRepository } from '../../packages/server/dist/modules/identity/identity.repository.js';
import { IdentityService } from '../../packages/server/dist/modules/identity/identity.service.js';

/**
 * A personal access token for a user, made by the server's own identity service (from its build)
 * on the bench database, as the token API will once it exists.
 */
export async function createAccessToken(pgUrl: string, email: string): Promise<string> {
  const db = createDb(pgUrl, 1);
  try {
    const identity = new IdentityService(new IdentityRepository(db), 1);
    const person = await identity.repo.personByEmail(email);
    if (!person) throw new Error(`no user ${email} to own the bench token`);
    return (await identity.createAccessToken({ name: 'bench', personId: person.id, createdBy: person.id })).token;
  } finally {
    await db.close();
  }
}
