import type pg from 'pg';

export interface HealthUiScale {
  canaries: number;
  checksPerCanary: number;
  /** Share of checks that are unhealthy (they stay visible with Hide Passing on). */
  failingShare: number;
  /** Runs per check in the last hour (the dashboard's default range). */
  runsPerHour: number;
}

export const HEALTH_UI_SCALE: HealthUiScale = { canaries: 1000, checksPerCanary: 10, failingShare: 0.2, runsPerHour: 12 };

/**
 * Seeds canaries, checks and an hour of check statuses with INSERT … SELECT. The canaries have no
 * schedule, so the server keeps their checks (same identities as the spec) but never runs them:
 * the browser measurement is not disturbed by 10,000 probes.
 */
export async function seedHealthChecks(
  pool: pg.Pool,
  scale: HealthUiScale = HEALTH_UI_SCALE,
): Promise<{ checks: number; statuses: number }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO canaries (name, namespace, spec, labels, source)
       SELECT 'bench-canary-' || g, 'bench-ns-' || (g % 8),
              jsonb_build_object('http', (
                SELECT jsonb_agg(jsonb_build_object(
                  'name', 'bench-check-' || g || '-' || k,
                  'url', 'http://127.0.0.1:9/bench/' || g || '/' || k,
                  'labels', jsonb_build_object('team', 'team-' || (k % 4), 'tier', CASE WHEN k % 3 = 0 THEN 'db' ELSE 'web' END)))
                FROM generate_series(1, $2::int) k)),
              jsonb_build_object('suite', 'bench'), 'bench'
       FROM generate_series(1, $1::int) g`,
      [scale.canaries, scale.checksPerCanary],
    );
    const checks = await client.query(
      `INSERT INTO checks (canary_id, type, name, namespace, labels, endpoint, status, spec, last_runtime, next_runtime, last_transition_time)
       SELECT c.id, 'http', e->>'name', c.namespace, e->'labels', e->>'url',
              CASE WHEN random() < $1 THEN 'unhealthy' ELSE 'healthy' END, e,
              now() - interval '20 seconds', now() + interval '4 minutes', now() - interval '2 hours'
       FROM canaries c, jsonb_array_elements(c.spec->'http') e
       WHERE c.source = 'bench'`,
      [scale.failingShare],
    );
    await client.query(`SELECT check_statuses_ensure_partitions(now() - interval '1 day', now() + interval '1 day')`);
    const statuses = await client.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message)
       SELECT k.id, date_trunc('second', now()) - make_interval(mins => m * (60 / $1::int)), 20 + (random() * 400)::int,
              k.status = 'healthy' OR random() < 0.3, 'seeded'
       FROM checks k, generate_series(0, $1::int - 1) m
       WHERE k.endpoint LIKE 'http://127.0.0.1:9/bench/%'`,
      [scale.runsPerHour],
    );
    await client.query('COMMIT');
    // The last hour's figures as the server's check-summary job keeps them (it refreshes every minute), so
    // every timed load finds the steady state rather than depending on when the job last ran.
    await client.query('SELECT check_summary_1h_refresh(now())');
    await client.query('ANALYZE check_summary_1h');
    return { checks: checks.rowCount ?? 0, statuses: statuses.rowCount ?? 0 };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}
