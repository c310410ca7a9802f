// Points of one check's graph: raw runs when few enough, else buckets — from raw rows below an hour,
// from the hourly rollups (plus raw rows past the rollup watermark) for an hour or more.
import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';

export interface GraphDbPoint {
  time: Date;
  passed: number;
  failed: number;
  duration: number;
  max: number | null;
  message?: string | null;
  error?: string | null;
}

/** Raw runs of a check in [from, to), oldest first, at most `limit`. */
export async function rawPoints(db: Db, checkId: string, from: Date, to: Date, limit: number): Promise<GraphDbPoint[]> {
  const res = await sql<GraphDbPoint>`
    SELECT time, CASE WHEN status THEN 1 ELSE 0 END AS passed, CASE WHEN status THEN 0 ELSE 1 END AS failed,
           duration, NULL::int AS max, message, error
    FROM check_statuses WHERE check_id = ${checkId} AND time >= ${from} AND time < ${to}
    ORDER BY time LIMIT ${limit}`.execute(db.kysely);
  return res.rows;
}

/** How many runs a check has in [from, to), counting no further than `cap`. */
export async function countRuns(db: Db, checkId: string, from: Date, to: Date, cap: number): Promise<number> {
  const res = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (SELECT 1 FROM check_statuses WHERE check_id = ${checkId} AND time >= ${from} AND time < ${to} LIMIT ${cap}) x`.execute(
    db.kysely,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** Buckets of `bucketSeconds` (aligned to the UTC epoch) from raw rows. */
export async function rawBuckets(db: Db, checkId: string, from: Date, to: Date, bucketSeconds: number): Promise<GraphDbPoint[]> {
  const res = await sql<GraphDbPoint>`
    SELECT date_bin(make_interval(secs => ${bucketSeconds}), time, 'epoch'::timestamptz) AS time,
           count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed,
           avg(duration)::float8 AS duration, max(duration) AS max
    FROM check_statuses WHERE check_id = ${checkId} AND time >= ${from} AND time < ${to}
    GROUP BY 1 ORDER BY 1`.execute(db.kysely);
  return res.rows;
}

/**
 * Buckets of whole hours or more from the hourly rollup rows in [from, rolledUntil) and raw rows in
 * [rolledUntil, to); `from` should be an hour boundary.
 */
export async function rollupBuckets(
  db: Db,
  checkId: string,
  from: Date,
  to: Date,
  rolledUntil: Date,
  bucketSeconds: number,
): Promise<GraphDbPoint[]> {
  const split = new Date(Math.min(Math.max(rolledUntil.getTime(), from.getTime()), to.getTime()));
  const res = await sql<GraphDbPoint>`
    SELECT date_bin(make_interval(secs => ${bucketSeconds}), t, 'epoch'::timestamptz) AS time,
           sum(passed)::int AS passed, sum(failed)::int AS failed,
           (sum(dsum)::float8 / nullif(sum(dcount), 0)) AS duration, max(dmax) AS max
    FROM (
      SELECT bucket AS t, passed, failed, duration_sum AS dsum, duration_count AS dcount, duration_max AS dmax
      FROM check_statuses_1h WHERE check_id = ${checkId} AND bucket >= ${from} AND bucket < ${split}
      UNION ALL
      SELECT time, CASE WHEN status THEN 1 ELSE 0 END, CASE WHEN status THEN 0 ELSE 1 END, duration, 1, duration
      FROM check_statuses WHERE check_id = ${checkId} AND time >= ${split} AND time < ${to}
    ) x
    GROUP BY 1 ORDER BY 1`.execute(db.kysely);
  return res.rows;
}
