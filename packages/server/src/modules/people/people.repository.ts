import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface PersonRef {
  id: string;
  name: string;
  email: string | null;
}

/** Look-ups of people (not deleted) for other areas: teams resolve members, pickers search. */
export class PeopleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** People whose e-mail (case-insensitive) or id is in the list. */
  async byEmailsOrIds(keys: string[]): Promise<PersonRef[]> {
    if (!keys.length) return [];
    const emails = keys.map((k) => k.toLowerCase());
    const ids = keys.filter((k) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k));
    return this.db
      .selectFrom('people')
      .select(['id', 'name', 'email'])
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb(sql<string>`lower(email)`, 'in', emails), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
      .execute();
  }
}
