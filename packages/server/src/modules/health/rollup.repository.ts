// Rollups and retention of check statuses: the SQL functions of migration 0003 and the watermarks.
import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';

export type RollupName = 'hourly' | 'daily' | 'summary_1h';

/** How far each rollup has gone. */
export async function rollupState(db: Db): Promise<Partial<Record<RollupName, Date>>> {
  const rows = await db.kysely.selectFrom('check_rollup_state').select(['name', 'rolled_until']).execute();
  return Object.fromEntries(rows.map((r) => [r.name, new Date(r.rolled_until)]));
}

/** Move a rollup's watermark. */
export async function setRollupState(db: Db, name: RollupName, until: Date): Promise<void> {
  await db.kysely
    .insertInto('check_rollup_state')
    .values({ name, rolled_until: until })
    .onConflict((oc) => oc.column('name').doUpdateSet({ rolled_until: (eb) => eb.ref('excluded.rolled_until'), updated_at: sql`now()` }))
    .execute();
}

/** Rebuild the hourly rows of [from, to) from raw statuses; answers how many rows were written. */
export async function rollupHours(db: Db, from: Date, to: Date): Promise<number> {
  const res = await sql<{ n: number }>`SELECT check_statuses_rollup_hours(${from}, ${to}) AS n`.execute(db.kysely);
  return Number(res.rows[0]?.n ?? 0);
}

/** Rebuild the daily rows of the whole days in [from, to) from the hourly rows. */
export async function rollupDays(db: Db, from: Date, to: Date): Promise<number> {
  const res = await sql<{ n: number }>`SELECT check_statuses_rollup_days(${from}, ${to}) AS n`.execute(db.kysely);
  return Number(res.rows[0]?.n ?? 0);
}

/** Recompute check_summary_1h for the hour before `windowEnd`; answers how many checks had runs. */
export async function refreshLastHour(db: Db, windowEnd: Date): Promise<number> {
  const res = await sql<{ n: number }>`SELECT check_summary_1h_refresh(${windowEnd}) AS n`.execute(db.kysely);
  // The table is emptied and refilled every minute, faster than autovacuum notices: without fresh
  // statistics the planner takes it for empty and the dashboard's summary join degrades to a nested
  // loop over every check (minutes instead of milliseconds at 10,000 checks). ANALYZE of ~10k rows is cheap.
  await sql`ANALYZE check_summary_1h`.execute(db.kysely);
  return Number(res.rows[0]?.n ?? 0);
}

/** Start of the oldest daily partition of check_statuses. */
export async function oldestStatusDay(db: Db): Promise<Date | undefined> {
  const res = await sql<{ d: Date | null }>`SELECT check_statuses_oldest_day() AS d`.execute(db.kysely);
  return res.rows[0]?.d ?? undefined;
}

/** Drop the daily partitions that end at or before `before`. */
export async function dropStatusDaysBefore(db: Db, before: Date): Promise<number> {
  const res = await sql<{ n: number }>`SELECT check_statuses_drop_partitions(${before}) AS n`.execute(db.kysely);
  return Number(res.rows[0]?.n ?? 0);
}

/** Delete rollup rows older than `before`, `batch` rows a statement; answers how many went. */
export async function deleteRollupsBefore(
  db: Db,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  before: Date,
  batch = 10_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const res = await sql`DELETE FROM ${sql.table(table)} WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM ${sql.table(table)} WHERE bucket < ${before} LIMIT ${batch}))`.execute(db.kysely);
    const n = Number(res.numAffectedRows ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/** Create the partitions from yesterday to `daysAhead` days from now. */
export async function ensureUpcomingPartitions(db: Db, now: Date, daysAhead = 3): Promise<void> {
  await sql`SELECT check_statuses_ensure_partitions(${new Date(now.getTime() - 86_400_000)}, ${new Date(now.getTime() + daysAhead * 86_400_000)})`.execute(
    db.kysely,
  );
}
