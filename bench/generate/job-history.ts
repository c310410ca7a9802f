import type pg from 'pg';

// Job names as the scheduler records them; resource types are those Jobs History links to a page.
const JOBS: Array<[name: string, resourceType: string | null]> = [
  ['SyncCanaries', 'canary'],
  ['CanaryRun', 'canary'],
  ['ScrapeConfigs', 'config_scraper'],
  ['CleanupConfigItems', 'config_scraper'],
  ['SyncTopology', 'topology'],
  ['TopologyRun', 'topology'],
  ['PlaybookRun', 'playbook'],
  ['PushToUpstream', 'agent'],
  ['AgentPull', 'agent'],
  ['RefreshViews', null],
  ['CleanupJobHistory', null],
  ['CleanupEventQueue', null],
  ['SendNotifications', null],
  ['SyncTeams', 'team'],
  ['UpdateCheckStatuses', 'canary'],
  ['ConfigChangeInsights', 'config'],
];

/**
 * Insert `rows` job runs spread over the last `days` days in time order (as a running system
 * writes them): ~85% SUCCESS, 8% FAILED, 5% WARNING, 1% RUNNING, 1% STOPPED; 500 resources a type.
 * INSERT … SELECT generate_series in `parallel` slices at once (one per core); returns seconds taken.
 */
export async function generateJobHistory(pool: pg.Pool, rows: number, opts: { days?: number; parallel?: number } = {}): Promise<number> {
  const started = Date.now();
  const { days = 28, parallel = 2 } = opts;
  const names = JOBS.map(([n]) => n);
  await pool.query('INSERT INTO job_names (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [names]);
  const slice = Math.ceil(rows / parallel);
  const slices = Array.from({ length: parallel }, (_, i) => [i * slice + 1, Math.min(rows, (i + 1) * slice)] as const);
  await Promise.all(slices.filter(([from, to]) => from <= to).map(([from, to]) => insertSlice(pool, rows, from, to, days)));
  // As autovacuum would have by now: statistics, hint bits and the visibility map (index-only scans).
  await pool.query('VACUUM (ANALYZE) job_history');
  return (Date.now() - started) / 1000;
}

// Rows from..to of `rows`; row g's time depends only on g, so slices interleave into one timeline.
async function insertSlice(pool: pg.Pool, rows: number, from: number, to: number, days: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(
      `INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count,
                                details, errors, hostname, duration_millis, time_start, time_end, created_at)
       SELECT ($1::text[])[1 + j],
              ($2::text[])[1 + j],
              CASE WHEN ($2::text[])[1 + j] IS NULL THEN NULL ELSE md5((g % 500)::text || ($2::text[])[1 + j]) END,
              st, sc, ec,
              CASE WHEN st IN ('FAILED', 'WARNING') THEN jsonb_build_object('errors', jsonb_build_array('timeout after 30s'))
                   WHEN j IN (2, 3) THEN jsonb_build_object('scrape_summary', jsonb_build_object('added', g % 7, 'updated', g % 11))
                   ELSE '{}'::jsonb END,
              CASE WHEN st = 'FAILED' THEN ARRAY['connection refused'] ELSE '{}'::text[] END,
              'ops-' || (g % 3),
              dur,
              t, CASE WHEN st = 'RUNNING' THEN NULL ELSE t + dur * interval '1 millisecond' END,
              t
       FROM generate_series($6::int, $7::int) AS g
       CROSS JOIN LATERAL (SELECT ((g::bigint * 7919) % $4::int)::int AS j, random() AS r,
                                  now() - make_interval(secs => ($3::int - g) * ($5::float8 * 86400 / $3::int)) AS t) a
       CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.85 THEN 'SUCCESS' WHEN r < 0.93 THEN 'FAILED' WHEN r < 0.98 THEN 'WARNING'
                                       WHEN r < 0.99 THEN 'RUNNING' ELSE 'STOPPED' END AS st,
                                  (g % 50) AS sc, CASE WHEN r >= 0.85 THEN 1 + g % 5 ELSE 0 END AS ec,
                                  (50 + (random() * random() * 60000))::int AS dur) b`,
      [JOBS.map(([n]) => n), JOBS.map(([, t]) => t), rows, JOBS.length, days, from, to],
    );
  } finally {
    client.release();
  }
}
