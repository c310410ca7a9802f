// Topology runs through HTTP on the real database: every fixture of
// ../shared/conformance/canary-checker/fixtures/topology (httpbin.flanksource.com pointed at a loopback
// peer), lookups from the catalogue and from checks, roll-up without a run when a check or a config
// changes, soft delete on a shrinking run and none on a failed one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { stringify } from 'yaml';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopologyRunResponse } from '@ops/shared';
import { rewriteFixture } from '../../../test/peers/fixture-rewrite.js';
import { startHttpbin, type HttpbinPeer } from '../../../test/peers/httpbin.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
const FIXTURES = path.resolve(REPO_ROOT, '../shared/conformance/canary-checker/fixtures/topology');

let s: TestServer;
let httpbin: HttpbinPeer;
beforeAll(async () => {
  [s, httpbin] = await Promise.all([startTestServer({ OPS_JOBS: 'false' }), startHttpbin()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), httpbin?.close()]);
});

// The fixture as a user would apply it, public targets moved to the loopback peer (plain HTTP).
function fixture(file: string): unknown {
  const text = readFileSync(path.join(FIXTURES, file), 'utf8').replaceAll(
    'https://httpbin.flanksource.com',
    'http://httpbin.flanksource.com',
  );
  return rewriteFixture(parse(text), {
    httpPort: httpbin.httpPort,
    httpsPort: httpbin.httpsPort,
    dnsPort: 0,
    tcpPort: 0,
    silentHost: '127.0.0.1',
  });
}

async function apply(doc: unknown, as: 'admin' | 'viewer' = 'admin') {
  const res = await s.request('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: typeof doc === 'string' ? doc : stringify(doc),
    as,
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { results: Array<{ id: string; action: string }>; error?: string } };
}

async function applyTopology(doc: unknown): Promise<string> {
  const r = await apply(doc);
  expect(r.status, r.text).toBe(200);
  return r.body.results[0]!.id;
}

async function run(id: string, as: 'admin' | 'viewer' = 'admin') {
  return s.json<TopologyRunResponse>(`/api/topology/${id}/run`, { method: 'POST', as });
}

interface Row {
  id: string;
  name: string;
  type: string | null;
  icon: string | null;
  parent_id: string | null;
  path: string;
  depth: number;
  health: string;
  status: string;
  properties: Array<Record<string, unknown>>;
  summary: Record<string, unknown>;
  deleted_at: Date | null;
}

async function components(topologyId: string, live = true): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT id, name, type, icon, parent_id, path, depth, health, status, properties, summary, deleted_at FROM components
    WHERE topology_id = ${topologyId} AND (${!live} OR deleted_at IS NULL) ORDER BY depth, created_at, name`.execute(s.ctx.db.kysely);
  return rows;
}

const childrenOf = (rows: Row[], name: string) => {
  const parent = rows.find((r) => r.name === name)!;
  return rows
    .filter((r) => r.parent_id === parent.id)
    .map((r) => r.name)
    .sort();
};

async function canaryWithCheck(name: string, url: string, labels: Record<string, string>): Promise<string> {
  const r = await apply({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name },
    spec: { schedule: '@every 1h', http: [{ name: `${name}-check`, url, labels }] },
  });
  expect(r.status, r.text).toBe(200);
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM checks WHERE canary_id = ${r.body.results[0]!.id} AND deleted_at IS NULL`.execute(s.ctx.db.kysely);
  return rows[0]!.id;
}

async function runCheck(checkId: string): Promise<void> {
  const res = await s.request(`/api/canary/run/check/${checkId}`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(200);
}

describe('canary-checker topology fixtures', () => {
  it('holds the four fixtures this suite asserts', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([
      'component-with-parent-lookup.yml',
      'component-with-property-list.yml',
      'inline-check.yaml',
      'single-check.yaml',
    ]);
  });

  it('component-with-parent-lookup.yml: children move under the parent their parentLookup names', async () => {
    const id = await applyTopology(fixture('component-with-parent-lookup.yml'));
    const r = await run(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'SUCCESS', components: 11, deleted: 0, errors: [] });
    const rows = await components(id);
    const root = rows.find((x) => x.depth === 0)!;
    expect(root.name).toBe('test-topology-with-parent-lookup');
    expect(childrenOf(rows, root.name)).toEqual(['Parent-1', 'Parent-2', 'Parent-3']);
    expect(childrenOf(rows, 'Parent-1')).toEqual(['Child-1A', 'Child-1B']);
    expect(childrenOf(rows, 'Parent-2')).toEqual(['Child-1C', 'Child-2A', 'Child-2B']);
    expect(childrenOf(rows, 'Parent-3')).toEqual(['Child-1D', 'Child-2C']);
    const child1d = rows.find((x) => x.name === 'Child-1D')!;
    const parent3 = rows.find((x) => x.name === 'Parent-3')!;
    expect(child1d.path).toBe(`${root.id}.${parent3.id}`);
    expect(child1d.depth).toBe(2);
    // A second run keeps the same rows.
    await run(id);
    expect((await components(id)).map((x) => x.id).sort()).toEqual(rows.map((x) => x.id).sort());
  });

  it('component-with-property-list.yml: property lookups merge into the property of the same name', async () => {
    const id = await applyTopology(fixture('component-with-property-list.yml'));
    const r = await run(id);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'SUCCESS', components: 2 });
    const root = (await components(id)).find((x) => x.name === 'RootComponent')!;
    expect(root.properties).toEqual([{ name: 'error_percentage', value: 10, min: 0, max: 100 }]);
  });

  it('single-check.yaml: the selector links the check labelled check=http-200; health follows it without a run', async () => {
    const checkId = await canaryWithCheck('http-200', `${httpbin.httpUrl}/status/200`, { check: 'http-200' });
    await canaryWithCheck('other', `${httpbin.httpUrl}/status/200`, { check: 'other' });
    const id = await applyTopology(fixture('single-check.yaml'));
    expect((await run(id)).body).toMatchObject({ status: 'SUCCESS', components: 2 });
    const rows = await components(id);
    const root = rows.find((x) => x.depth === 0)!;
    expect(root).toMatchObject({ name: 'single-check', type: 'Website', icon: 'Application' });
    const comp = rows.find((x) => x.depth === 1)!;
    const { rows: links } = await sql<{ check_id: string }>`
      SELECT check_id FROM check_component_relationships WHERE component_id = ${comp.id} AND deleted_at IS NULL`.execute(s.ctx.db.kysely);
    expect(links.map((l) => l.check_id)).toEqual([checkId]);

    await runCheck(checkId);
    let after = await components(id);
    expect(after.find((x) => x.id === comp.id)).toMatchObject({
      health: 'healthy',
      summary: expect.objectContaining({ checks: { healthy: 1, unhealthy: 0, warning: 0 } }),
    });
    expect(after.find((x) => x.id === root.id)!.health).toBe('healthy');

    // The check starts failing: component and root turn unhealthy, with no topology run between.
    await canaryWithCheck('http-200', `${httpbin.httpUrl}/status/500`, { check: 'http-200' });
    await runCheck(checkId);
    after = await components(id);
    expect(after.find((x) => x.id === comp.id)).toMatchObject({
      health: 'unhealthy',
      summary: expect.objectContaining({ checks: { healthy: 0, unhealthy: 1, warning: 0 } }),
    });
    expect(after.find((x) => x.id === root.id)).toMatchObject({ health: 'unhealthy', summary: expect.objectContaining({ unhealthy: 1 }) });

    // And recovers.
    await canaryWithCheck('http-200', `${httpbin.httpUrl}/status/200`, { check: 'http-200' });
    await runCheck(checkId);
    after = await components(id);
    expect(after.find((x) => x.id === comp.id)!.health).toBe('healthy');
    expect(after.find((x) => x.id === root.id)!.health).toBe('healthy');
  });

  it('inline-check.yaml: the inline canary is owned by the topology, run by the health engine and linked', async () => {
    const id = await applyTopology(fixture('inline-check.yaml'));
    expect((await run(id)).body).toMatchObject({ status: 'SUCCESS', components: 2 });
    const { rows: canaries } = await sql<{ id: string; source: string; name: string }>`
      SELECT id, source, name FROM canaries WHERE source = ${`topology/${id}`} AND deleted_at IS NULL`.execute(s.ctx.db.kysely);
    expect(canaries.map((c) => c.name)).toEqual(['inline-check-inline-canary']);
    const comp = (await components(id)).find((x) => x.name === 'inline-canary')!;
    const { rows: links } = await sql<{ check_id: string; selector_id: string }>`
      SELECT check_id, selector_id FROM check_component_relationships WHERE component_id = ${comp.id}`.execute(s.ctx.db.kysely);
    expect(links).toHaveLength(1);
    await runCheck(links[0]!.check_id);
    const after = (await components(id)).find((x) => x.id === comp.id)!;
    expect(after.health).toBe('healthy');
    // A second run leaves one canary and one link.
    await run(id);
    const { rows: again } = await sql`SELECT 1 FROM check_component_relationships WHERE component_id = ${comp.id}`.execute(s.ctx.db.kysely);
    expect(again).toHaveLength(1);
  });
});

describe('topology runs', () => {
  async function config(name: string, tags: Record<string, string>, health = 'healthy'): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO config_items (type, name, external_id, tags, labels, health, config)
      VALUES ('Test::Service', ${name}, ARRAY[${`test/${name}`}]::text[], ${JSON.stringify(tags)}::jsonb, '{}'::jsonb, ${health}, '{}')
      RETURNING id`.execute(s.ctx.db.kysely);
    return rows[0]!.id;
  }

  const catalogTopology = (name: string, extra: Record<string, unknown> = {}) => ({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    metadata: { name },
    spec: {
      schedule: '@every 1h',
      components: [
        {
          name: 'services',
          type: 'Group',
          components: [
            {
              name: 'svc-lookup',
              lookup: {
                catalog: [
                  {
                    name: 'services',
                    selector: [{ types: ['Test::Service'], tagSelector: `team=${name}` }],
                    display: {
                      expr: "results.map(r, {'name': r.name, 'type': 'Service', 'properties': [{'name': 'health', 'text': r.health}]}).toJSON()",
                    },
                  },
                ],
              },
              forEach: {
                configs: [{ name: '{{.component.name}}', types: ['Test::Service'] }],
                components: [{ name: 'pods', type: 'Pods' }],
              },
            },
          ],
        },
      ],
      ...extra,
    },
  });

  it('turns catalogue items into components, links them by the templated selector, and follows config health and insights', async () => {
    const a = await config('alpha', { team: 'cat1' });
    await config('beta', { team: 'cat1' });
    const id = await applyTopology(catalogTopology('cat1'));
    const r = await run(id);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'SUCCESS', errors: [] });
    const rows = await components(id);
    expect(childrenOf(rows, 'services')).toEqual(['alpha', 'beta']);
    expect(childrenOf(rows, 'alpha')).toEqual(['pods']);
    const alpha = rows.find((x) => x.name === 'alpha')!;
    expect(alpha.properties).toEqual([{ name: 'health', text: 'healthy' }]);
    expect(alpha.health).toBe('healthy');
    // The item turns unhealthy and gets a finding: the component follows without a run.
    await sql`UPDATE config_items SET health = 'unhealthy' WHERE id = ${a}`.execute(s.ctx.db.kysely);
    await sql`INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity) VALUES (${a}, 'cve-1', 'security', 'critical')`.execute(
      s.ctx.db.kysely,
    );
    const after = await components(id);
    expect(after.find((x) => x.id === alpha.id)).toMatchObject({
      health: 'unhealthy',
      summary: expect.objectContaining({ insights: { security: { critical: 1 } } }),
    });
    const root = after.find((x) => x.depth === 0)!;
    expect(root).toMatchObject({ health: 'unhealthy', summary: expect.objectContaining({ insights: { security: { critical: 1 } } }) });
  });

  it('soft-deletes what a shrinking run no longer produces, and nothing when a lookup fails', async () => {
    await config('one', { team: 'shrink' });
    const two = await config('two', { team: 'shrink' });
    const id = await applyTopology(catalogTopology('shrink'));
    expect((await run(id)).body).toMatchObject({ status: 'SUCCESS', deleted: 0 });
    const before = await components(id);
    expect(childrenOf(before, 'services')).toEqual(['one', 'two']);

    await sql`UPDATE config_items SET deleted_at = now() WHERE id = ${two}`.execute(s.ctx.db.kysely);
    expect((await run(id)).body).toMatchObject({ status: 'SUCCESS', deleted: 2 });
    const gone = (await components(id, false)).filter((x) => x.deleted_at !== null).map((x) => x.name);
    expect(gone.sort()).toEqual(['pods', 'two']);
    const twoRow = before.find((x) => x.name === 'two')!;
    const { rows: twoLinks } = await sql<{ deleted_at: Date | null }>`
      SELECT deleted_at FROM config_component_relationships WHERE component_id = ${twoRow.id}`.execute(s.ctx.db.kysely);
    expect(twoLinks.length).toBe(1);
    expect(twoLinks[0]!.deleted_at).not.toBeNull();
    const live = await components(id);
    expect(childrenOf(live, 'services')).toEqual(['one']);

    // A lookup that fails: the run is FAILED and keeps every component.
    const failing = catalogTopology('shrink');
    (failing.spec.components[0] as { components: unknown[] }).components.push({
      name: 'broken',
      lookup: { http: [{ name: 'broken', url: `${httpbin.httpUrl}/status/500`, display: { expr: "'[]'" } }] },
    });
    await applyTopology(failing);
    await sql`UPDATE config_items SET deleted_at = now() WHERE tags ->> 'team' = 'shrink'`.execute(s.ctx.db.kysely);
    const failed = await run(id);
    expect(failed.body.status).toBe('FAILED');
    expect(failed.body.deleted).toBe(0);
    expect(failed.body.errors.join(' ')).toMatch(/broken/);
    expect(childrenOf(await components(id), 'services')).toEqual(['one']);
    const { rows: history } = await sql<{ status: string }>`
      SELECT status FROM job_history WHERE resource_type = 'topology' AND resource_id = ${id} ORDER BY created_at`.execute(s.ctx.db.kysely);
    expect(history.map((h) => h.status)).toEqual(['SUCCESS', 'SUCCESS', 'FAILED']);
  });

  it('turns checks into components with a checks lookup, with statusExpr setting their own status', async () => {
    await canaryWithCheck('lookup-a', `${httpbin.httpUrl}/status/200`, { tier: 'lookup' });
    await canaryWithCheck('lookup-b', `${httpbin.httpUrl}/status/200`, { tier: 'lookup' });
    const id = await applyTopology({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: 'from-checks' },
      spec: {
        components: [
          {
            name: 'checks',
            lookup: {
              checks: [
                {
                  name: 'tiered',
                  selector: { labelSelector: 'tier=lookup' },
                  display: { expr: "results.map(r, {'name': r.name, 'type': 'Check'}).toJSON()" },
                },
              ],
            },
          },
        ],
        statusExpr: "'warning'",
      },
    });
    expect((await run(id)).body).toMatchObject({ status: 'SUCCESS', components: 3 });
    const rows = await components(id);
    expect(
      rows
        .filter((x) => x.depth === 1)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['lookup-a-check', 'lookup-b-check']);
    expect(rows.find((x) => x.depth === 0)!.health).toBe('warning');
  });

  it('looks up through exec (behind the sandbox) and SQL through a stored connection', async () => {
    const u = new URL(s.ctx.config.DATABASE_URL!);
    const conn = await s.json<{ id: string }>('/api/connections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'topology-db',
        type: 'postgres',
        url: `postgres://${u.host}${u.pathname}`,
        username: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
      }),
    });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const id = await applyTopology({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: 'exec-and-sql' },
      spec: {
        components: [
          {
            name: 'from-exec',
            lookup: {
              exec: [{ name: 'list', script: `echo '[{"name": "exec-a", "type": "Script"}, {"name": "exec-b", "type": "Script"}]'` }],
            },
          },
          {
            name: 'from-sql',
            lookup: {
              postgres: [
                {
                  name: 'topologies',
                  connection: 'connection://default/topology-db',
                  query: "SELECT name FROM topologies WHERE name = 'exec-and-sql'",
                  display: { expr: "results.rows.map(r, {'name': 'db-' + r.name, 'type': 'Row'}).toJSON()" },
                },
              ],
            },
          },
        ],
        properties: [
          {
            name: 'version',
            lookup: {
              postgres: [
                {
                  name: 'version',
                  connection: 'connection://default/topology-db',
                  query: 'SELECT 42 AS v',
                  display: { expr: 'results.rows[0].v' },
                },
              ],
            },
          },
        ],
      },
    });
    const r = await run(id);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'SUCCESS', errors: [] });
    const rows = await components(id);
    expect(
      rows
        .filter((x) => x.depth === 1)
        .map((x) => `${x.type}/${x.name}`)
        .sort(),
    ).toEqual(['Row/db-exec-and-sql', 'Script/exec-a', 'Script/exec-b']);
    expect(rows.find((x) => x.depth === 0)!.properties).toEqual([{ name: 'version', text: '42' }]);
  });

  it('keeps links made by hand, and a deleted topology takes its components and inline canaries with it', async () => {
    const item = await config('manual-item', { team: 'manual' }, 'warning');
    const id = await applyTopology(fixture('inline-check.yaml'));
    await run(id);
    const comp = (await components(id)).find((x) => x.name === 'inline-canary')!;
    await sql`INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES (${comp.id}, ${item}, 'manual')`.execute(
      s.ctx.db.kysely,
    );
    // The link alone (no run) brings the item's health into the component's.
    expect((await components(id)).find((x) => x.id === comp.id)!.health).toBe('warning');
    await run(id);
    const { rows: links } =
      await sql`SELECT 1 FROM config_component_relationships WHERE component_id = ${comp.id} AND selector_id = 'manual'`.execute(
        s.ctx.db.kysely,
      );
    expect(links).toHaveLength(1);
    const del = await s.request('/api/resources/topologies/inline-check?namespace=default', { method: 'DELETE' });
    expect(del.status, await del.text()).toBe(200);
    expect(await components(id)).toEqual([]);
    const { rows: canaries } = await sql`SELECT 1 FROM canaries WHERE source = ${`topology/${id}`} AND deleted_at IS NULL`.execute(
      s.ctx.db.kysely,
    );
    expect(canaries).toEqual([]);
  });

  it('lets only admins apply topologies that execute code while exec.restrictToAdmin is on', async () => {
    const doc = {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: 'editor-exec' },
      spec: { components: [{ name: 'x', lookup: { exec: [{ name: 'x', script: 'echo []' }] } }] },
    };
    const res = await s.request('/api/resources/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: stringify(doc),
      as: 'editor',
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/executes code/);
  });

  it('refuses an invalid Topology naming the field, and Run Now needs write permission', async () => {
    const bad = await apply({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: 'bad' },
      spec: { components: [{ type: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/spec\.components\[0\]\.name/);
    const id = await applyTopology({ apiVersion: 'canaries.flanksource.com/v1', kind: 'Topology', metadata: { name: 'perm' }, spec: {} });
    expect((await run(id, 'viewer')).status).toBe(403);
    expect((await run('00000000-0000-0000-0000-00000000abcd')).status).toBe(404);
    const { rows } = await sql<{ next_run_at: Date | null }>`
      SELECT next_run_at FROM spec_schedules WHERE kind = 'topology' AND resource_id = ${id}`.execute(s.ctx.db.kysely);
    // Applied topologies run at once (within the first-run spread), then on their schedule.
    expect(rows[0]!.next_run_at!.getTime()).toBeLessThan(Date.now() + 5_000);
    const list = await s.json<{ items?: unknown[] }>('/api/resources/topologies');
    expect(list.status).toBe(200);
  });
});
