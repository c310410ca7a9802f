import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.js';

// Return int8 and numeric as JS numbers: counts and durations stay well below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface Db {
  pool: pg.Pool;
  kysely: Kysely<Database>;
  close(): Promise<void>;
}

/** One pool and one Kysely instance for the process. */
export function createDb(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'ops-console' });
  // An idle client dying (e.g. database restart) must not crash the process.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    kysely,
    close: async () => {
      await kysely.destroy();
    },
  };
}
