import type pg from 'pg';

/** Shape of the seeded relationship graph: a root and 2,000 related items, 4 children a parent (2 of each of 2 types). */
export const GRAPH_SCALE = { items: 2000, branching: 4 };
/** Shape of the small relationship graph: a root and 5 related items, the size most config pages show. */
export const SMALL_GRAPH_ITEMS = 5;
/** Approximate size of the large config body. */
export const BODY_BYTES = 2 * 1024 * 1024;

/**
 * A root item and a tree of related items linked by soft relationships (config_relationships), seeded
 * with INSERT … SELECT. A parent never has 3 children of one type, so no intermediary node hides any:
 * the graph draws every item.
 */
export async function seedGraph(pool: pg.Pool): Promise<{ rootId: string; items: number }> {
  const { items, branching } = GRAPH_SCALE;
  await pool.query(
    `INSERT INTO config_items (external_id, type, config_class, name, status, health, config, tags, last_scraped_time)
     SELECT ARRAY['bench-graph-' || g], CASE WHEN g = 0 THEN 'Bench::Cluster' WHEN g % 2 = 0 THEN 'Bench::Deployment' ELSE 'Bench::Pod' END,
            'Bench', 'bench-' || g, 'Running', CASE WHEN g % 7 = 0 THEN 'unhealthy' ELSE 'healthy' END,
            jsonb_build_object('id', g), jsonb_build_object('namespace', 'ns-' || (g % 10), 'cluster', 'bench'), now()
     FROM generate_series(0, $1::int) g`,
    [items],
  );
  await pool.query(
    `INSERT INTO config_relationships (config_id, related_id, relation)
     SELECT p.id, c.id, 'BenchLink'
     FROM generate_series(1, $1::int) g
     JOIN config_items c ON c.external_id = ARRAY['bench-graph-' || g]
     JOIN config_items p ON p.external_id = ARRAY['bench-graph-' || ((g - 1) / $2::int)]`,
    [items, branching],
  );
  const root = await pool.query<{ id: string }>(`SELECT id FROM config_items WHERE external_id = ARRAY['bench-graph-0']`);
  return { rootId: root.rows[0]!.id, items };
}

/** A root item with a few soft-related items of four types (fewer than 3 a type, so every item is drawn), for the small-graph figure. */
export async function seedSmallGraph(pool: pg.Pool): Promise<{ rootId: string; nodes: number }> {
  const root = await pool.query<{ id: string }>(
    `INSERT INTO config_items (external_id, type, config_class, name, status, health, config, last_scraped_time)
     VALUES (ARRAY['bench-small-0'], 'Kubernetes::Deployment', 'Deployment', 'small-root', 'Running', 'healthy', '{}', now())
     RETURNING id`,
  );
  const rootId = root.rows[0]!.id;
  await pool.query(
    `WITH made AS (
       INSERT INTO config_items (external_id, type, config_class, name, status, health, config, last_scraped_time)
       SELECT ARRAY['bench-small-' || g], (ARRAY['Kubernetes::ReplicaSet', 'Kubernetes::Pod', 'Kubernetes::Pod', 'Kubernetes::Service', 'Kubernetes::ConfigMap'])[g],
              'Bench', 'small-' || g, 'Running', 'healthy', '{}', now()
       FROM generate_series(1, $2::int) g
       RETURNING id)
     INSERT INTO config_relationships (config_id, related_id, relation)
     SELECT $1::uuid, id, 'BenchLink' FROM made`,
    [rootId, SMALL_GRAPH_ITEMS],
  );
  return { rootId, nodes: SMALL_GRAPH_ITEMS + 1 };
}

/** A Kubernetes-like document of about `bytes` of JSON: a List of Deployments with containers and status. */
export function largeBody(bytes: number = BODY_BYTES): Record<string, unknown> {
  const items: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: `app-${i}`, namespace: `ns-${i % 20}`, labels: { app: `app-${i}`, tier: i % 2 ? 'web' : 'db' }, uid: `0000-${i}` },
      spec: {
        replicas: (i % 5) + 1,
        template: {
          spec: {
            containers: [
              {
                name: 'main',
                image: `registry.example.com/app-${i}:1.${i % 50}`,
                ports: [{ containerPort: 8080 }],
                resources: { limits: { cpu: '500m', memory: '256Mi' } },
              },
            ],
          },
        },
      },
      status: { availableReplicas: (i % 5) + 1, conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }] },
    };
    size += JSON.stringify(item).length;
    items.push(item);
  }
  return { apiVersion: 'v1', kind: 'List', items };
}

/** One item holding the large body. */
export async function seedLargeBody(pool: pg.Pool): Promise<{ id: string; bytes: number }> {
  const body = largeBody();
  const text = JSON.stringify(body);
  const res = await pool.query<{ id: string }>(
    `INSERT INTO config_items (external_id, type, config_class, name, status, health, config, last_scraped_time)
     VALUES (ARRAY['bench-large-body'], 'Bench::List', 'Bench', 'large-body', 'Running', 'healthy', $1::jsonb, now()) RETURNING id`,
    [text],
  );
  return { id: res.rows[0]!.id, bytes: text.length };
}
