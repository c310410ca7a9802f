import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { markUnreachable } from './pg-error.js';
import type { Database } from './schema.js';

// Return int8 and numeric as JS numbers: counts and durations stay well below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

// A client whose connect errors are marked as the database being unreachable: the API answers them 503
// (with Retry-After) rather than 500, and schedulers report an outage once rather than per attempt.
class DbClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A checked-out client whose connection drops emits 'error': pool.query() listens for it, Kysely does not,
    // and an unheard 'error' ends the process. The query in flight fails by itself (503 as above).
    this.on('error', () => undefined);
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error) => void): void;
  override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
    if (callback) return super.connect((err: Error) => callback(err ? markUnreachable(err) : err));
    return super.connect().catch((err: unknown) => {
      throw markUnreachable(err);
    });
  }
}

export interface Db {
  pool: pg.Pool;
  kysely: Kysely<Database>;
  close(): Promise<void>;
}

/** One pool and one Kysely instance for the process. */
export function createDb(url: string, max = 20): Db {
  // Idle connections are kept for minutes, not pg's default 10 s: the per-minute jobs would otherwise open
  // and close backends every minute, each new one forking and loading its catalog caches again.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 300_000, application_name: 'ops-console', Client: DbClient });
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
