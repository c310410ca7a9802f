// Writes check results: check_statuses rows (many per statement) and the checks' status, times and
// transitions, in one statement with the schedule rows and job history of the runs they came from.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { timeArray, uuidArray } from '../../db/array-literals.js';
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

/** The scheduled runs a batch of statuses came from, closed in the same statement (the result writer). */
export interface RunBatch {
  /** The UPDATE closing the runs' schedule rows, RETURNING resource_id and next_run_at (completeRunsQuery). */
  closed: RawBuilder<unknown>;
  /** The INSERT of the runs' job history rows, when there are any. */
  history?: RawBuilder<unknown>;
  /** The canary of each status row, in order: the schedule row its run closes. */
  canaryIds: string[];
}

/**
 * Insert the statuses (a repeated (check, time) is ignored) and move each check to its latest result:
 * status, last_runtime, next_runtime, and last_transition_time when the status changed. Results older
 * than what a check already shows do not move it back. With a `batch`, the same statement closes the
 * runs' schedule rows, writes their job history and shows each closed canary's next run on its checks:
 * one round trip and one implicit transaction for everything a batch of runs stores. Answers the
 * transitions.
 */
export async function writeStatuses(db: Kysely<Database>, rows: StatusRow[], batch?: RunBatch): Promise<Transition[]> {
  if (rows.length === 0 && !batch) return [];
  const closed = batch?.closed ?? sql`SELECT NULL::uuid AS resource_id, NULL::timestamptz AS next_run_at WHERE false`;
  const history = batch?.history ? sql`history AS (${batch.history}),` : sql``;
  const res = await sql<{ id: string; canary_id: string; previous: string; status: 'healthy' | 'unhealthy'; time: Date }>`
    WITH closed AS (${closed}), ${history} v AS (
      SELECT * FROM unnest(${uuidArray(rows.map((r) => r.checkId))}::uuid[], ${timeArray(rows.map((r) => r.time))}::timestamptz[],
                           ${rows.map((r) => r.duration)}::int[], ${rows.map((r) => r.status)}::bool[],
                           ${rows.map((r) => r.invalid)}::bool[], ${rows.map((r) => r.message || null)}::text[],
                           ${rows.map((r) => r.error || null)}::text[], ${rows.map((r) => detailJson(r.detail))}::text[],
                           ${timeArray(rows.map((r) => r.nextRuntime))}::timestamptz[], ${uuidArray(batch?.canaryIds ?? rows.map(() => null))}::uuid[])
        AS v(check_id, time, duration, status, invalid, message, error, detail, next_runtime, canary_id)
    ), ins AS (
      INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, detail)
      SELECT check_id, time, duration, status, invalid, message, error, detail::jsonb FROM v
      ON CONFLICT (check_id, time) DO NOTHING
    ), latest AS (
      -- A closed schedule row knows the next run best (the canary may have been rescheduled meanwhile).
      SELECT DISTINCT ON (v.check_id) v.check_id, v.time, cl.resource_id IS NOT NULL AS closed,
             CASE WHEN cl.resource_id IS NOT NULL THEN cl.next_run_at ELSE v.next_runtime END AS next_runtime,
             CASE WHEN v.status THEN 'healthy' ELSE 'unhealthy' END AS health
      FROM v LEFT JOIN closed cl ON cl.resource_id = v.canary_id ORDER BY v.check_id, v.time DESC
    ), runs AS (
      SELECT check_id, check_iso(min(time)) AS oldest,
             jsonb_agg(jsonb_build_object('time', check_iso(time), 'status', status, 'duration', duration) ORDER BY time DESC) AS items
      FROM v GROUP BY check_id
    ), stored AS (
      UPDATE checks c
      SET status = l.health, last_runtime = l.time,
          next_runtime = CASE WHEN l.closed THEN l.next_runtime ELSE coalesce(l.next_runtime, c.next_runtime) END,
          last_transition_time = CASE WHEN old.status IS DISTINCT FROM l.health THEN l.time ELSE c.last_transition_time END,
          -- The times are check_iso text (fixed width, UTC), which sorts as the times do: no parsing. When every
          -- new run is newer than the runs kept (the usual case) the new ones go in front and the list is cut;
          -- otherwise all are sorted.
          recent_statuses = CASE
            WHEN r.oldest COLLATE "C" > coalesce(c.recent_statuses->0->>'time', '') THEN
              (SELECT CASE WHEN jsonb_array_length(x) <= ${RECENT_KEPT} THEN x
                           WHEN jsonb_array_length(x) = ${RECENT_KEPT + 1} THEN x - ${RECENT_KEPT}::int
                           ELSE jsonb_path_query_array(x, ${`$[0 to ${RECENT_KEPT - 1}]`}::jsonpath) END
               FROM (SELECT r.items || c.recent_statuses AS x) y)
            ELSE (SELECT coalesce(jsonb_agg(e ORDER BY e->>'time' COLLATE "C" DESC), '[]'::jsonb)
                  FROM (SELECT e FROM jsonb_array_elements(r.items || c.recent_statuses) e
                        ORDER BY e->>'time' COLLATE "C" DESC LIMIT ${RECENT_KEPT}) k)
          END
      FROM latest l JOIN runs r ON r.check_id = l.check_id, checks old
      WHERE c.id = l.check_id AND old.id = c.id AND (c.last_runtime IS NULL OR c.last_runtime <= l.time)
      RETURNING c.id, c.canary_id, old.status AS previous, c.status, l.time
    ), shown AS (
      -- The other checks of closed canaries (no status in this batch) show the next run too.
      UPDATE checks c SET next_runtime = cl.next_run_at
      FROM closed cl
      WHERE c.canary_id = cl.resource_id AND c.deleted_at IS NULL AND c.next_runtime IS DISTINCT FROM cl.next_run_at
        AND NOT EXISTS (SELECT FROM stored s WHERE s.id = c.id)
    )
    SELECT * FROM stored`.execute(db);
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
