// The catalogue at issue 5's benchmark scale, with INSERT … SELECT generate_series: Kubernetes-like items
// (~5 KB bodies with hashed, barely compressible values, as real env vars, images and uids are), changes
// spread over 60 days (diffs with patches and unified diffs, and event-style changes) and analyses.
import type pg from 'pg';

/** Issue 5's scale. */
export const CATALOG_SCALE = { items: 100_000, changes: 1_000_000, analyses: 100_000 } as const;
export type CatalogScale = { items: number; changes: number; analyses: number };

/** The kinds and their share (of 100) of the generated items. */
export const KINDS: Array<[kind: string, share: number]> = [
  ['Pod', 45],
  ['ReplicaSet', 14],
  ['ConfigMap', 10],
  ['Deployment', 8],
  ['Service', 8],
  ['Secret', 5],
  ['Ingress', 3],
  ['StatefulSet', 2],
  ['DaemonSet', 2],
  ['PersistentVolumeClaim', 2],
  ['Node', 1],
];

/** The scraper that owns the generated items. */
export const BENCH_SCRAPER_ID = '0b5e0000-0000-4000-8000-000000000001';

/** The item id of generated item `g` (1-based), as SQL: md5-derived uuids, reproducible. */
const itemId = (g: string) => `md5('bench-item-' || ${g})::uuid`;

// kind of item g: walk the cumulative shares over g % 100.
function kindCase(g: string): string {
  let acc = 0;
  const whens = KINDS.map(([kind, share]) => {
    acc += share;
    return `WHEN ${g} % 100 < ${acc} THEN '${kind}'`;
  });
  return `CASE ${whens.join(' ')} END`;
}

/** Items g in [from, to]: a ~5 KB Kubernetes object each. */
async function insertItems(client: pg.PoolClient, from: number, to: number): Promise<void> {
  await client.query(
    `INSERT INTO config_items (id, scraper_id, external_id, type, config_class, name, config, format, config_hash, labels, tags, status,
       health, ready, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d, last_scraped_time, created_at, updated_at, deleted_at)
     SELECT ${itemId('g')}, '${BENCH_SCRAPER_ID}', ARRAY['uid-' || g], 'Kubernetes::' || k.kind, k.kind, lower(k.kind) || '-' || md5(g::text)::varchar(8) || '-' || g,
       jsonb_build_object(
         'apiVersion', 'v1', 'kind', k.kind,
         'metadata', jsonb_build_object('name', lower(k.kind) || '-' || g, 'namespace', 'ns-' || (g % 60), 'uid', md5('uid' || g)::uuid,
           'resourceVersion', (g * 7)::text, 'creationTimestamp', now() - (g % 2000) * interval '1 hour',
           'labels', jsonb_build_object('app', 'app-' || (g % 700), 'team', 'team-' || (g % 12), 'pod-template-hash', left(md5('h' || g), 10)),
           'annotations', jsonb_build_object('checksum/config', md5('c' || g), 'deployment.kubernetes.io/revision', (g % 9)::text)),
         'spec', jsonb_build_object('nodeName', 'node-' || (g % 40), 'serviceAccountName', 'sa-' || (g % 30),
           'containers', (SELECT jsonb_agg(jsonb_build_object('name', 'c' || c, 'image', 'registry.local/app-' || (g % 700) || ':' || left(md5('i' || g || c), 12),
               'ports', jsonb_build_array(jsonb_build_object('containerPort', 8080 + c, 'protocol', 'TCP')),
               'resources', jsonb_build_object('limits', jsonb_build_object('cpu', '500m', 'memory', '256Mi'), 'requests', jsonb_build_object('cpu', '100m', 'memory', '128Mi')),
               'env', (SELECT jsonb_agg(jsonb_build_object('name', 'ENV_' || e, 'value', md5(g || '-' || c || '-' || e))) FROM generate_series(1, 28) e)))
             FROM generate_series(0, 1) c)),
         'status', jsonb_build_object('phase', CASE WHEN g % 17 = 0 THEN 'Pending' ELSE 'Running' END, 'podIP', '10.' || (g % 250) || '.' || (g % 199) || '.' || (g % 97),
           'conditions', jsonb_build_array(jsonb_build_object('type', 'Ready', 'status', CASE WHEN g % 13 = 0 THEN 'False' ELSE 'True' END, 'lastTransitionTime', now() - (g % 500) * interval '1 minute')))),
       'json', md5('hash' || g),
       jsonb_build_object('app', 'app-' || (g % 700), 'team', 'team-' || (g % 12)),
       jsonb_build_object('cluster', 'cluster-' || (g % 3), 'namespace', 'ns-' || (g % 60)),
       CASE WHEN g % 17 = 0 THEN 'Pending' ELSE 'Running' END,
       CASE WHEN g % 13 = 0 THEN 'unhealthy' WHEN g % 11 = 0 THEN 'warning' WHEN g % 29 = 0 THEN 'unknown' ELSE 'healthy' END,
       g % 13 <> 0,
       (g % 100) / 100000.0, (g % 100) * 1.44, (g % 100) * 10.08, (g % 100) * 43.2,
       now() - (g % 50) * interval '1 minute', now() - (g % 2000) * interval '1 hour', now() - (g % 300) * interval '1 minute',
       CASE WHEN g % 50 = 0 THEN now() - (g % 30) * interval '1 day' END
     FROM generate_series($1::int, $2::int) g, LATERAL (SELECT ${kindCase('g')} AS kind) k`,
    [from, to],
  );
}

/**
 * Changes n in [from, to] of `total`, spread over the last 60 days; 40% body diffs, the rest events. As in a
 * real cluster most changes hit few items: 80% go to a tenth of them.
 */
async function insertChanges(client: pg.PoolClient, items: number, total: number, from: number, to: number): Promise<void> {
  await client.query(
    `INSERT INTO config_changes (config_id, change_type, severity, source, summary, patches, diff, fingerprint, external_created_by, created_at, first_observed, count)
     SELECT ${itemId('(1 + (n::bigint * 7919) % CASE WHEN n % 5 < 4 THEN greatest($3 / 10, 1) ELSE $3 END)')}, t.type, CASE WHEN n % 23 = 0 THEN 'high' WHEN n % 7 = 0 THEN 'medium' ELSE 'info' END,
       CASE WHEN t.type = 'diff' THEN NULL ELSE 'kubernetes/event' END,
       CASE WHEN t.type = 'diff' THEN 'spec.containers, metadata.resourceVersion' ELSE t.type || ' ' || left(md5(n::text), 8) END,
       CASE WHEN t.type = 'diff' THEN jsonb_build_array(jsonb_build_object('op', 'replace', 'path', '/spec/containers/0/image', 'value', 'registry.local/app:' || left(md5('v' || n), 12))) END,
       CASE WHEN t.type = 'diff' THEN '--- before' || chr(10) || '+++ after' || chr(10) || '@@ -12,3 +12,3 @@' || chr(10) || '-      "image": "registry.local/app:' || left(md5('u' || n), 12) || '",' || chr(10) || '+      "image": "registry.local/app:' || left(md5('v' || n), 12) || '",' END,
       md5('f' || n), CASE WHEN n % 5 = 0 THEN 'system:serviceaccount:kube-system:deployment-controller' END,
       now() - (($4::int - n)::float8 / $4::int) * interval '60 days', now() - (($4::int - n)::float8 / $4::int) * interval '60 days' - (n % 3) * interval '1 hour',
       1 + (n % 11 = 0)::int * (n % 5)
     FROM generate_series($1::int, $2::int) n,
       LATERAL (SELECT (ARRAY['diff','diff','diff','diff','Pulled','Created','Started','Scheduled','Killing','BackOff','ScalingReplicaSet','Unhealthy'])[1 + n % 12] AS type) t`,
    [from, to, items, total],
  );
}

/** One finding per item g in [from, to]: analyzer, type and severity by g; 70% open. */
async function insertAnalyses(client: pg.PoolClient, from: number, to: number): Promise<void> {
  await client.query(
    `INSERT INTO config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, status, summary, message, source, first_observed, last_observed)
     SELECT ${itemId('g')}, '${BENCH_SCRAPER_ID}',
       (ARRAY['privileged-container','no-resource-limits','latest-tag','crashloop','unused-configmap','public-ingress'])[1 + g % 6],
       (ARRAY['security','reliability','technical_debt','availability','cost','security'])[1 + g % 6],
       (ARRAY['critical','high','medium','low','info','warning','blocker'])[1 + g % 7],
       CASE WHEN g % 10 < 7 THEN 'open' ELSE 'resolved' END,
       'finding ' || g, repeat('detail ' || md5(g::text) || ' ', 4), 'bench',
       now() - (g % 60) * interval '1 day', now() - (g % 40) * interval '1 day'
     FROM generate_series($1::int, $2::int) g`,
    [from, to],
  );
}

async function withClient<T>(pool: pg.Pool, body: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    return await body(client);
  } finally {
    client.release();
  }
}

/** Fill the catalogue to `scale` (replacing earlier bench rows); returns seconds per table for the report. */
export async function generateCatalog(pool: pg.Pool, scale: CatalogScale = CATALOG_SCALE): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  const timed = async (name: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    times[name] = (Date.now() - t) / 1000;
  };
  await pool.query(`DELETE FROM config_scrapers WHERE id = '${BENCH_SCRAPER_ID}'`);
  await pool.query(`DELETE FROM config_items WHERE scraper_id IS NULL AND external_id[1] LIKE 'uid-%'`);
  await pool.query(
    `INSERT INTO config_scrapers (id, name, spec, source) VALUES ('${BENCH_SCRAPER_ID}', 'bench-kubernetes', '{"schedule": "@every 24h", "kubernetes": [{"clusterName": "bench"}]}', 'bench')`,
  );
  const slices = (n: number, size: number) =>
    Array.from({ length: Math.ceil(n / size) }, (_, i) => [i * size + 1, Math.min(n, (i + 1) * size)] as const);
  // Two slices at a time: one per core.
  const run = async (n: number, size: number, fn: (c: pg.PoolClient, a: number, b: number) => Promise<void>) => {
    const all = slices(n, size);
    for (let i = 0; i < all.length; i += 2) await Promise.all(all.slice(i, i + 2).map(([a, b]) => withClient(pool, (c) => fn(c, a, b))));
  };
  await timed('config_items', () => run(scale.items, 10_000, insertItems));
  await timed('config_changes', () => run(scale.changes, 100_000, (c, a, b) => insertChanges(c, scale.items, scale.changes, a, b)));
  await timed('config_analysis', () => run(scale.analyses, 50_000, insertAnalyses));
  await timed('vacuum', () => pool.query('VACUUM (ANALYZE) config_items, config_changes, config_change_daily, config_analysis'));
  await pool.query('CHECKPOINT');
  return times;
}
