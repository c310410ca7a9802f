// Writes check results: check_statuses rows (many per statement) and the checks' status, times and
// transitions, in one transaction with the schedule rows of the runs they came from.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { Database } from '../../db/schema.js';

/** One run of one check, ready to store. */
export interface StatusRow {
  checkId: string;
  time: Date;
  duration: number;
  status: boolean;
  invalid: boolean;
  message: string;
  error: string;
  detail: unknown;
  /** The check's next scheduled run, shown as next_runtime. */
  nextRuntime: Date | null;
}

/** A check whose health changed with this write. */
export interface Transition {
  checkId: string;
  canaryId: string;
  previous: string;
  status: 'healthy' | 'unhealthy';
  time: Date;
}

const DAY = 86_400_000;
/** How many latest runs a check keeps in recent_statuses (the most a summary row shows). */
export const RECENT_KEPT = 5;

/** Create the daily partitions of check_statuses covering [from, to]. */
export async function ensurePartitions(db: Kysely<Database>, from: Date, to: Date): Promise<void> {
  await sql`SELECT check_statuses_ensure_partitions(${from}, ${to})`.execute(db);
}

/** UTC day numbers of a set of times (partition keys). */
export function daysOf(times: Date[]): number[] {
  return [...new Set(times.map((t) => Math.floor(t.getTime() / DAY)))];
}

/**
 * Insert the statuses (a repeated (check, time) is ignored) and move each check to its latest result:
 * status, last_runtime, next_runtime, and last_transition_time when the status changed. Results older
 * than what a check already shows do not move it back. Answers the transitions.
 */
export async function writeStatuses(db: Kysely<Database>, rows: StatusRow[]): Promise<Transition[]> {
  if (rows.length === 0) return [];
  const res = await sql<{ id: string; canary_id: string; previous: string; status: 'healthy' | 'unhealthy'; time: Date }>`
    WITH v AS (
      SELECT * FROM unnest(${rows.map((r) => r.checkId)}::uuid[], ${rows.map((r) => r.time)}::timestamptz[],
                           ${rows.map((r) => r.duration)}::int[], ${rows.map((r) => r.status)}::bool[],
                           ${rows.map((r) => r.invalid)}::bool[], ${rows.map((r) => r.message || null)}::text[],
                           ${rows.map((r) => r.error || null)}::text[], ${rows.map((r) => detailJson(r.detail))}::text[],
                           ${rows.map((r) => r.nextRuntime)}::timestamptz[])
        AS v(check_id, time, duration, status, invalid, message, error, detail, next_runtime)
    ), ins AS (
      INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, detail)
      SELECT check_id, time, duration, status, invalid, message, error, detail::jsonb FROM v
      ON CONFLICT (check_id, time) DO NOTHING
    ), latest AS (
      SELECT DISTINCT ON (check_id) check_id, time, next_runtime, CASE WHEN status THEN 'healthy' ELSE 'unhealthy' END AS health
      FROM v ORDER BY check_id, time DESC
    ), runs AS (
      SELECT check_id, jsonb_agg(jsonb_build_object('time', check_iso(time), 'status', status, 'duration', duration) ORDER BY time DESC) AS items
      FROM v GROUP BY check_id
    )
    UPDATE checks c
    SET status = l.health, last_runtime = l.time, next_runtime = coalesce(l.next_runtime, c.next_runtime),
        last_transition_time = CASE WHEN old.status IS DISTINCT FROM l.health THEN l.time ELSE c.last_transition_time END,
        -- The times are check_iso text (fixed width, UTC), which sorts as the times do: no parsing.
        recent_statuses = (SELECT coalesce(jsonb_agg(e ORDER BY e->>'time' COLLATE "C" DESC), '[]'::jsonb)
                           FROM (SELECT e FROM jsonb_array_elements(r.items || c.recent_statuses) e
                                 ORDER BY e->>'time' COLLATE "C" DESC LIMIT ${RECENT_KEPT}) k)
    FROM latest l JOIN runs r ON r.check_id = l.check_id, checks old
    WHERE c.id = l.check_id AND old.id = c.id AND (c.last_runtime IS NULL OR c.last_runtime <= l.time)
    RETURNING c.id, c.canary_id, old.status AS previous, c.status, l.time`.execute(db);
  return res.rows
    .filter((r) => r.previous !== r.status)
    .map((r) => ({ checkId: r.id, canaryId: r.canary_id, previous: r.previous, status: r.status, time: r.time }));
}

/** Write statuses on their own (Run Now, tests), creating partitions as needed. */
export async function storeStatuses(db: Db, rows: StatusRow[]): Promise<Transition[]> {
  if (rows.length === 0) return [];
  const days = daysOf(rows.map((r) => r.time));
  // Its own statement: the partition lock is held only while a missing day is created.
  await ensurePartitions(db.kysely, new Date(Math.min(...days) * DAY), new Date(Math.max(...days) * DAY));
  return db.kysely.transaction().execute((trx) => writeStatuses(trx, rows));
}

// Details are kept when small; a large body (a whole HTTP response) is not history material.
const MAX_DETAIL_CHARS = 4_000;

function detailJson(detail: unknown): string | null {
  if (detail === undefined || detail === null) return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(detail);
  } catch {
    return null;
  }
  if (text === undefined) return null;
  return text.length <= MAX_DETAIL_CHARS ? text : JSON.stringify({ truncated: true, size: text.length });
}
