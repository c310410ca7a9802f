import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/pool.js';
import type { Database } from '../db/schema.js';

/** Data access for job_schedules: registration and the once-per-tick claim. */
export class ScheduleRepository {
  constructor(private readonly db: Db) {}

  /** Insert the schedule at `initialTick` if new (an existing row keeps its last tick); returns its last tick. */
  async register(name: string, cron: string, initialTick: Date): Promise<Date> {
    const { rows } = await sql<{ last_tick: Date }>`
      INSERT INTO job_schedules (name, cron, last_tick) VALUES (${name}, ${cron}, ${initialTick})
      ON CONFLICT (name) DO UPDATE SET cron = EXCLUDED.cron
      RETURNING last_tick`.execute(this.db.kysely);
    return rows[0]!.last_tick;
  }

  /**
   * Claim `tick` for `name` by moving last_tick forward. Concurrent claimers of one tick serialise on the
   * row; only the first sees last_tick < tick, so exactly one gets true.
   */
  async claim(trx: Kysely<Database>, name: string, tick: Date, owner: string): Promise<boolean> {
    const { rows } = await sql<{ name: string }>`
      UPDATE job_schedules SET last_tick = ${tick}, claimed_by = ${owner}, claimed_at = now()
      WHERE name = ${name} AND last_tick < ${tick}
      RETURNING name`.execute(trx);
    return rows.length === 1;
  }
}
