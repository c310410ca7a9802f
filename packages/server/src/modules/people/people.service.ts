import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { PeopleRepository, type PersonRef } from './people.repository.js';

/** People as other areas use them (a module reaches people only through this service). */
export class PeopleService {
  /**
   * Resolve member references (e-mail addresses or person ids) to people; `missing` lists those that
   * match nobody. `db` may be a transaction.
   */
  async resolve(db: Kysely<Database>, refs: string[]): Promise<{ people: PersonRef[]; missing: string[] }> {
    const people = await new PeopleRepository(db).byEmailsOrIds(refs);
    const found = (ref: string) => people.some((p) => p.id === ref || p.email?.toLowerCase() === ref.toLowerCase());
    return { people, missing: refs.filter((r) => !found(r)) };
  }
}
