// The summary and changes calls against values computed here from the rows this test inserts itself,
// the recursive relationship walk, and the data-API relations of the catalogue.
import { randomUUID } from 'node:crypto';
import type { CatalogChangesResponse, CatalogSummaryResponse, ConfigItemRow, RelatedConfigRow } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { postJson } from './catalog-test-helpers.js';

interface Item {
  id: string;
  type: string;
  health: string;
  status: string;
  tags: Record<string, string>;
  labels: Record<string, string>;
  deleted: boolean;
  cost: number;
  parent?: string;
}
interface Change {
  config_id: string;
  change_type: string;
  severity: string;
  agoHours: number;
}
interface Finding {
  config_id: string;
  analyzer: string;
  analysis_type: string;
  status: string;
  agoDays: number;
}

const TYPES = ['Kubernetes::Pod', 'Kubernetes::Deployment', 'AWS::EC2'];
const HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'];
const items: Item[] = [];
const changes: Change[] = [];
const findings: Finding[] = [];
const HOUR = 3_600_000;
let s: TestServer;

// A deterministic pseudo-random sequence (mulberry32) so failures reproduce.
let seed = 7;
const rnd = (n: number): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  for (let i = 0; i < 80; i++) {
    items.push({
      id: randomUUID(),
      type: TYPES[rnd(3)]!,
      health: HEALTH[rnd(4)]!,
      status: ['Running', 'Pending', 'Stopped'][rnd(3)]!,
      tags: { cluster: ['prod', 'dev'][rnd(2)]!, namespace: ['default', 'kube-system'][rnd(2)]! },
      labels: rnd(3) === 0 ? {} : { app: ['web', 'api'][rnd(2)]! },
      deleted: rnd(10) === 0,
      cost: rnd(1000) / 10,
    });
  }
  // A chain root → child → grandchild for recursive queries.
  items[1]!.parent = items[0]!.id;
  items[2]!.parent = items[1]!.id;
  items[0]!.deleted = items[1]!.deleted = items[2]!.deleted = false;
  for (let i = 0; i < 400; i++) {
    changes.push({
      config_id: items[rnd(items.length)]!.id,
      change_type: ['diff', 'Pulled', 'Scaled'][rnd(3)]!,
      severity: ['info', 'high'][rnd(2)]!,
      agoHours: rnd(24 * 45) + 0.5 + i / 1000,
    });
  }
  for (const [i, item] of items.entries()) {
    if (i % 3 === 0)
      findings.push({
        config_id: item.id,
        analyzer: 'a1',
        analysis_type: ['security', 'cost'][rnd(2)]!,
        status: ['open', 'resolved'][rnd(2)]!,
        agoDays: rnd(40),
      });
  }
  const now = Date.now();
  await s.db.pool.query(
    `INSERT INTO config_items (id, type, config_class, name, health, status, tags, labels, deleted_at, cost_total_30d, external_id, parent_id)
     SELECT x.id, x.type, 'C', x.id::text, x.health, x.status, x.tags, x.labels, CASE WHEN x.deleted THEN now() END, x.cost, ARRAY[x.id::text], x.parent
     FROM jsonb_to_recordset($1) AS x(id uuid, type text, health text, status text, tags jsonb, labels jsonb, deleted boolean, cost float8, parent uuid)`,
    [JSON.stringify(items)],
  );
  await s.db.pool.query(
    `INSERT INTO config_changes (config_id, change_type, severity, created_at, first_observed)
     SELECT x.config_id, x.change_type, x.severity, to_timestamp(x.at / 1000.0), to_timestamp(x.at / 1000.0)
     FROM jsonb_to_recordset($1) AS x(config_id uuid, change_type text, severity text, at float8)`,
    [JSON.stringify(changes.map((c) => ({ ...c, at: now - c.agoHours * HOUR })))],
  );
  await s.db.pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, first_observed, last_observed)
     SELECT x.config_id, x.analyzer, x.analysis_type, x.status, to_timestamp(x.at / 1000.0), to_timestamp(x.at / 1000.0)
     FROM jsonb_to_recordset($1) AS x(config_id uuid, analyzer text, analysis_type text, status text, at float8)`,
    [JSON.stringify(findings.map((f) => ({ ...f, at: now - f.agoDays * 24 * HOUR })))],
  );
});
afterAll(async () => {
  await s?.stop();
});

const byId = () => new Map(items.map((i) => [i.id, i]));

describe('POST /api/catalog/summary', () => {
  it('groups live items by type with health, changes (30 d), open analysis (30 d) and cost', async () => {
    const r = await postJson<CatalogSummaryResponse>(s, '/api/catalog/summary', { groupBy: ['type'] }, 'viewer');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const idx = byId();
    for (const type of TYPES) {
      const live = items.filter((i) => i.type === type && !i.deleted);
      const ids = new Set(live.map((i) => i.id));
      const row = r.body.rows.find((x) => x.type === type)!;
      expect(row.count).toBe(live.length);
      for (const h of HEALTH) expect(row.health[h as 'healthy']).toBe(live.filter((i) => i.health === h).length);
      expect(row.changes).toBe(changes.filter((c) => ids.has(c.config_id) && c.agoHours < 30 * 24).length);
      const open = findings.filter((f) => ids.has(f.config_id) && f.status === 'open' && f.agoDays < 30);
      for (const t of ['security', 'cost']) expect(row.analysis[t as 'cost'] ?? 0).toBe(open.filter((f) => f.analysis_type === t).length);
      expect(row.cost_total_30d).toBeCloseTo(
        live.reduce((n, i) => n + i.cost, 0),
        6,
      );
      expect(row.status.Running ?? 0).toBe(live.filter((i) => i.status === 'Running').length);
      expect(idx.size).toBe(80);
    }
    expect(r.body.total).toBe(items.filter((i) => !i.deleted).length);
  });

  it('groups by a tag and a label key, filters by health and labels, and includes deleted on request', async () => {
    const r = await postJson<CatalogSummaryResponse>(s, '/api/catalog/summary', {
      groupBy: ['cluster__tag', 'app'],
      deleted: true,
      health: 'healthy,warning',
    });
    const expected = new Map<string, number>();
    for (const i of items.filter((x) => x.health === 'healthy' || x.health === 'warning')) {
      const key = `${i.tags.cluster}|${i.labels.app ?? null}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(new Map(r.body.rows.map((row) => [`${row.group.cluster__tag}|${row.group.app}`, row.count]))).toEqual(expected);
    const web = await postJson<CatalogSummaryResponse>(s, '/api/catalog/summary', {
      groupBy: ['type'],
      labels: 'app__:__web',
      filter: { type: 'Kubernetes__Pod' },
    });
    expect(web.body.rows.map((x) => [x.type, x.count])).toEqual([
      ['Kubernetes::Pod', items.filter((i) => !i.deleted && i.type === 'Kubernetes::Pod' && i.labels.app === 'web').length],
    ]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const bad = await postJson<{ error: string }>(s, '/api/catalog/summary', { filter: { colour: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('filter.colour');
    const since = await postJson<{ error: string }>(s, '/api/catalog/summary', { changes: { since: 'yesterday' } });
    expect(since.status).toBe(400);
    expect(since.body.error).toContain('changes.since');
    expect((await postJson(s, '/api/catalog/summary', {}, 'norole')).status).toBe(200);
  });
});

describe('POST /api/catalog/changes', () => {
  const liveChange = (c: Change) => !byId().get(c.config_id)!.deleted;

  it('pages the last 2 days by default, newest first, with the total and counts by type', async () => {
    const expected = changes.filter((c) => c.agoHours < 48 && liveChange(c)).sort((a, b) => a.agoHours - b.agoHours);
    const r = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { page_size: 5, page: 2 }, 'viewer');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.total).toBe(expected.length);
    expect(r.body.changes.map((c) => c.config_id)).toEqual(expected.slice(5, 10).map((c) => c.config_id));
    expect(r.body.summary.Pulled ?? 0).toBe(expected.filter((c) => c.change_type === 'Pulled').length);
    const asc = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { page_size: 3, sort_by: 'created_at' });
    expect(asc.body.changes.map((c) => c.config_id)).toEqual(
      [...expected]
        .reverse()
        .slice(0, 3)
        .map((c) => c.config_id),
    );
  });

  it('filters by type lists with exclusions, config type, severity, tags and deleted items', async () => {
    const idx = byId();
    const r = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', {
      from: 'now-20d',
      type: '!Scaled',
      config_type: 'Kubernetes__Pod,AWS::EC2',
      severity: 'high',
      tags: 'cluster=prod,namespace notin (kube-system)',
      page_size: 1000,
    });
    const expected = changes.filter((c) => {
      const i = idx.get(c.config_id)!;
      return (
        c.agoHours < 480 &&
        !i.deleted &&
        c.change_type !== 'Scaled' &&
        i.type !== 'Kubernetes::Deployment' &&
        c.severity === 'high' &&
        i.tags.cluster === 'prod' &&
        i.tags.namespace !== 'kube-system'
      );
    });
    expect(r.body.total).toBe(expected.length);
    expect(new Set(r.body.changes.map((c) => c.config_id))).toEqual(new Set(expected.map((c) => c.config_id)));
    const withDeleted = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', {
      from: '45d',
      include_deleted_configs: true,
      page_size: 1,
    });
    expect(withDeleted.body.total).toBe(changes.length);
    // A deleted item asked for by id keeps its own changes when deleted items are hidden (its Changes tab).
    const gone = items.find((i) => i.deleted && changes.some((c) => c.config_id === i.id && c.agoHours < 45 * 24))!;
    const own = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { id: gone.id, from: '45d', page_size: 1000 });
    const expectedOwn = changes.filter((c) => c.config_id === gone.id && c.agoHours < 45 * 24);
    expect(own.body.total).toBe(expectedOwn.length);
    expect(own.body.changes).toHaveLength(expectedOwn.length);
  });

  it("counts on an item's Relationships badge only links to live items, as the tab shows by default", async () => {
    const [a, b] = items.filter((i) => !i.deleted);
    const gone = items.find((i) => i.deleted)!;
    const badge = async () =>
      (await s.json<{ summary: { relationships: number } }[]>(`/api/db/config_detail?id=eq.${a!.id}&select=summary`)).body[0]!.summary
        .relationships;
    const before = await badge();
    await s.db.pool.query(
      `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'badge-test'), ($1, $3, 'badge-test')`,
      [a!.id, b!.id, gone.id],
    );
    try {
      expect(await badge()).toBe(before + 1);
    } finally {
      await s.db.pool.query(`DELETE FROM config_relationships WHERE relation = 'badge-test'`);
    }
  });

  it('follows relationships downstream to depth for one item (recursive all / none)', async () => {
    const [root, child, grandchild] = items;
    const of = (ids: string[]) => changes.filter((c) => ids.includes(c.config_id) && c.agoHours < 45 * 24).length;
    const none = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { id: root!.id, from: '46d' });
    expect(none.body.total).toBe(of([root!.id]));
    const down = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { id: root!.id, from: '46d', recursive: 'downstream' });
    expect(down.body.total).toBe(of([root!.id, child!.id, grandchild!.id]));
    const shallow = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', {
      id: root!.id,
      from: '46d',
      recursive: 'all',
      depth: 1,
    });
    expect(shallow.body.total).toBe(of([root!.id, child!.id]));
    const up = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', {
      id: grandchild!.id,
      from: '46d',
      recursive: 'upstream',
    });
    expect(up.body.total).toBe(of([root!.id, child!.id, grandchild!.id]));
  });

  it('answers 400 naming the parameter', async () => {
    for (const [body, text] of [
      [{ sort_by: '-colour' }, 'sort_by'],
      [{ tags: 'a in ()' }, 'tags'],
      [{ id: 'nope' }, 'id'],
      [{ from: 'soon' }, 'from'],
      [{ recursive: 'sideways' }, 'recursive'],
      [{ page: 0 }, 'page'],
    ] as const) {
      const r = await postJson<{ error: string }>(s, '/api/catalog/changes', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toContain(text);
    }
  });
});

describe('relationships and data-API relations', () => {
  it('walks related configs recursively in both directions', async () => {
    const [root, child, grandchild] = items;
    const out = await s.json<RelatedConfigRow[]>(`/api/db/rpc/related_configs_recursive?config_id=${root!.id}&type_filter=outgoing`, {
      as: 'viewer',
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.map((r) => [r.id, r.depth, r.direction, r.relation, r.related_ids])).toEqual([
      [child!.id, 1, 'outgoing', 'hard', [root!.id]],
      [grandchild!.id, 2, 'outgoing', 'hard', [child!.id]],
    ]);
    const inc = await s.json<RelatedConfigRow[]>(
      `/api/db/rpc/related_configs_recursive?config_id=${grandchild!.id}&type_filter=incoming&max_depth=1`,
    );
    expect(inc.body.map((r) => r.id)).toEqual([child!.id]);
  });

  it('serves configs with counts, filtered and sorted, to every role', async () => {
    const type = 'Kubernetes::Pod';
    const r = await s.json<ConfigItemRow[]>(
      `/api/db/configs?type=eq.${type}&deleted_at=is.null&order=name.asc&limit=50&select=id,name,changes,analysis,agent:agents(id,name)`,
      { as: 'viewer' },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const live = items.filter((i) => i.type === type && !i.deleted).sort((a, b) => a.id.localeCompare(b.id));
    expect(r.body.map((x) => x.id)).toEqual(live.map((i) => i.id).slice(0, 50));
    for (const row of r.body) {
      expect(row.changes).toBe(changes.filter((c) => c.config_id === row.id).length);
      expect(row.agent).toEqual({ id: '00000000-0000-0000-0000-000000000000', name: 'local' });
    }
    const types = await s.json<{ type: string }[]>('/api/db/config_types');
    expect(types.body.map((t) => t.type)).toEqual([...TYPES].sort());
    const tags = await s.json<{ key: string; value: string }[]>('/api/db/config_tags?key=eq.cluster&order=value');
    expect(tags.body.map((t) => t.value)).toEqual(['dev', 'prod']);
  });

  it('creates and removes a manual component link; viewers may not', async () => {
    const link = { component_id: randomUUID(), config_id: items[5]!.id };
    await s.db.pool.query(`INSERT INTO components (id, name) VALUES ($1, 'linked')`, [link.component_id]);
    const denied = await postJson(s, '/api/db/config_component_relationships', link, 'viewer');
    expect(denied.status).toBe(403);
    const made = await postJson(s, '/api/db/config_component_relationships', link);
    expect(made.status).toBe(201);
    const rows = await s.json<{ selector_id: string }[]>(`/api/db/config_component_relationships?config_id=eq.${link.config_id}`);
    expect(rows.body).toEqual([expect.objectContaining({ selector_id: 'manual' })]);
    const del = await s.request(
      `/api/db/config_component_relationships?component_id=eq.${link.component_id}&config_id=eq.${link.config_id}&selector_id=eq.manual`,
      { method: 'DELETE' },
    );
    expect(del.status).toBe(204);
  });
});
