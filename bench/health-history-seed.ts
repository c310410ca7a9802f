// Data for the health summary benchmark: canaries and checks as the server would create them, a day of
// per-minute check statuses (14.4 M rows for 10,000 checks) with INSERT … SELECT generate_series, and the
// rollups the server's rollup job would have written. The canaries have no schedule: nothing probes.
import type pg from 'pg';

export interface HistoryScale {
  canaries: number;
  checksPerCanary: number;
  /** Minutes of history, one run per check per minute. */
  minutes: number;
}

export const HISTORY_SCALE: HistoryScale = { canaries: 2000, checksPerCanary: 5, minutes: 1440 };

export interface SeededHistory {
  checks: number;
  statuses: number;
  insertSeconds: number;
  rollupSeconds: number;
  tableMB: number;
}

const CHUNK_MINUTES = 60;

/** Seed canaries, checks and history ending at `now`, then roll it up and analyze. */
export async function seedHistory(
  pool: pg.Pool,
  scale: HistoryScale,
  now: Date,
  log: (s: string) => void = () => undefined,
): Promise<SeededHistory> {
  const checks = await seedChecks(pool, scale);
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - scale.minutes * 60_000);
  await pool.query('SELECT check_statuses_ensure_partitions($1, $2)', [start, now]);
  const t0 = Date.now();
  let statuses = 0;
  for (let m = 0; m < scale.minutes; m += CHUNK_MINUTES) {
    // Minute-major order, as a live scheduler writes them: the BRIN index on time stays tight.
    const res = await pool.query(
      `INSERT INTO check_statuses (check_id, time, duration, status)
       SELECT k.id, $1::timestamptz + make_interval(mins => t, secs => k.second),
              (20 + random() * 280 + CASE WHEN random() < 0.03 THEN random() * 2500 ELSE 0 END)::int,
              random() > 0.02
       FROM generate_series($2::int, $3::int) t
       CROSS JOIN (SELECT id, abs(hashtext(id::text)) % 60 AS second FROM checks WHERE canary_id IN (SELECT id FROM canaries WHERE source = 'bench-history')) k`,
      [start, m, Math.min(m + CHUNK_MINUTES, scale.minutes) - 1],
    );
    statuses += res.rowCount ?? 0;
    log(`  check_statuses: ${statuses.toLocaleString('en-US')} rows`);
  }
  // What the result writer keeps on each check: its status, last run and latest runs.
  await pool.query(
    `UPDATE checks k SET status = CASE WHEN r.items->0->>'status' = 'true' THEN 'healthy' ELSE 'unhealthy' END,
            last_runtime = (r.items->0->>'time')::timestamptz, recent_statuses = r.items
     FROM (SELECT c.id, (SELECT jsonb_agg(jsonb_build_object('time', check_iso(s.time), 'status', s.status, 'duration', s.duration) ORDER BY s.time DESC)
                         FROM (SELECT time, status, duration FROM check_statuses WHERE check_id = c.id ORDER BY time DESC LIMIT 5) s) AS items
           FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.source = 'bench-history') r
     WHERE k.id = r.id`,
  );
  const insertSeconds = (Date.now() - t0) / 1000;
  const t1 = Date.now();
  const cutoff = new Date(now.getTime() - 60_000);
  for (let t = Math.floor(start.getTime() / 3_600_000) * 3_600_000; t < cutoff.getTime(); t += 6 * 3_600_000) {
    await pool.query('SELECT check_statuses_rollup_hours($1, $2)', [new Date(t), new Date(Math.min(t + 6 * 3_600_000, cutoff.getTime()))]);
  }
  const dayEnd = new Date(Math.floor(cutoff.getTime() / 86_400_000) * 86_400_000);
  await pool.query('SELECT check_statuses_rollup_days($1, $2)', [start, dayEnd]);
  await pool.query(
    `INSERT INTO check_rollup_state (name, rolled_until) VALUES ('hourly', $1), ('daily', $2)
     ON CONFLICT (name) DO UPDATE SET rolled_until = excluded.rolled_until`,
    [cutoff, dayEnd],
  );
  // What the check-summary job keeps for the dashboard's default view, as the job would refresh it now: an
  // hour ending at the history's end would be older than the summary accepts (seeding takes minutes) and
  // would move the job's own refresh back.
  await pool.query('SELECT check_summary_1h_refresh(now())');
  await pool.query('VACUUM ANALYZE checks, canaries, check_statuses, check_statuses_1h, check_statuses_1d, check_summary_1h');
  const rollupSeconds = (Date.now() - t1) / 1000;
  const size = await pool.query<{ mb: number }>(
    `SELECT sum(pg_total_relation_size(c.oid)) / 1e6 AS mb FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'check_statuses'::regclass`,
  );
  return { checks, statuses, insertSeconds, rollupSeconds, tableMB: Number(size.rows[0]?.mb ?? 0) };
}

// Canaries with http checks (never scheduled) and their checks, with the identities a sync would give them.
async function seedChecks(pool: pg.Pool, scale: HistoryScale): Promise<number> {
  await pool.query(
    `INSERT INTO canaries (name, namespace, spec, labels, source)
     SELECT 'history-' || g, 'history-' || (g % 10),
            jsonb_build_object('http', (SELECT jsonb_agg(jsonb_build_object('name', 'history-' || g || '-' || k,
              'url', 'http://127.0.0.1:9/' || g || '/' || k, 'labels', jsonb_build_object('team', 'team-' || (k % 4))))
              FROM generate_series(1, $2::int) k)),
            '{}'::jsonb, 'bench-history'
     FROM generate_series(1, $1::int) g`,
    [scale.canaries, scale.checksPerCanary],
  );
  const res = await pool.query(
    `INSERT INTO checks (canary_id, type, name, namespace, labels, endpoint, status, spec, last_runtime, last_transition_time)
     SELECT c.id, 'http', e->>'name', c.namespace, e->'labels', e->>'url', 'healthy', e, now(), now() - interval '1 day'
     FROM canaries c, jsonb_array_elements(c.spec->'http') e WHERE c.source = 'bench-history'`,
  );
  return res.rowCount ?? 0;
}
