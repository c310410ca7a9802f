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
        await trx
          .insertInto('properties')
          .values({ name, value, source: 'local' })
          .onConflict((oc) =>
            oc
              .column('name')
              .doUpdateSet({ value: (eb) => eb.ref('excluded.value'), source: 'local', updated_at: sql`now()` })
              .where((eb) =>
                eb.or([eb('properties.value', 'is distinct from', eb.ref('excluded.value')), eb('properties.source', '<>', 'local')]),
              ),
          )
          .execute();
      }
      // NOT (name = ANY(…)) rather than NOT IN: the list may be empty.
      const gone = await trx
        .deleteFrom('properties')
        .where('source', '=', 'local')
        .where(sql<boolean>`NOT (name = ANY(${names}::text[]))`)
        .executeTakeFirst();
      return { upserted: names.length, removed: Number(gone.numDeletedRows) };
    });
  }
}
