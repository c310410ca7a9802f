import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';

/** Data access for the local (file-sourced) rows of `properties`. */
export class PropertiesRepository {
  constructor(private readonly db: Db) {}

  /** The value of one property, from any source; undefined when unset. */
  async value(name: string): Promise<string | undefined> {
    const row = await this.db.kysely.selectFrom('properties').select('value').where('name', '=', name).executeTakeFirst();
    return row?.value ?? undefined;
  }

  /**
   * Make the rows with source 'local' exactly `entries`, in one transaction: upsert each (a row of the same
   * name from another source becomes local) and delete local rows no longer listed.
   */
  async replaceLocal(entries: Map<string, string>): Promise<{ upserted: number; removed: number }> {
    const names = [...entries.keys()];
    return this.db.kysely.transaction().execute(async (trx) => {
      for (const [name, value] of entries) {
        await sql`
          INSERT INTO properties (name, value, source) VALUES (${name}, ${value}, 'local')
          ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, source = 'local', updated_at = now()
          WHERE properties.value IS DISTINCT FROM EXCLUDED.value OR properties.source <> 'local'`.execute(trx);
      }
      const gone = await sql`DELETE FROM properties WHERE source = 'local' AND NOT (name = ANY(${names}::text[]))`.execute(trx);
      return { upserted: names.length, removed: Number(gone.numAffectedRows ?? 0) };
    });
  }
}
