// Team links through HTTP on the real database: a Team's `components` selectors link the components a
// topology run produces (the dashboard's Team filter and the sidebar's Teams panel read them); a changed
// selector moves the links on the next run; a link made by hand stays.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopologyRunResponse, TopologyTreeResponse } from '@ops/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let s: TestServer;
const suffix = randomBytes(3).toString('hex');
const teamName = `payments-${suffix}`;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

async function apply(doc: unknown): Promise<string> {
  const res = await s.request('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: stringify(doc),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { results: Array<{ id: string }> }).results[0]!.id;
}

const team = (components: unknown[]) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Team',
  metadata: { name: teamName },
  spec: { displayName: 'Payments', components },
});

async function links(topologyId: string): Promise<Array<{ name: string; selector_id: string }>> {
  const { rows } = await sql<{ name: string; selector_id: string }>`
    SELECT c.name, tc.selector_id FROM team_components tc JOIN components c ON c.id = tc.component_id
    JOIN teams t ON t.id = tc.team_id
    WHERE c.topology_id = ${topologyId} AND t.name = ${teamName} ORDER BY c.name, tc.selector_id`.execute(s.ctx.db.kysely);
  return rows.map((r) => ({ name: r.name, selector_id: r.selector_id.startsWith('team:') ? 'team' : r.selector_id }));
}

describe('team component selectors', () => {
  it('link the components a run produces, follow a changed selector and keep manual links', async () => {
    const teamId = await apply(team([{ type: 'Database' }, { name: 'edge-*', labelSelector: 'tier=front' }]));
    const topologyId = await apply({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: `shop-${suffix}` },
      spec: {
        components: [
          { name: 'orders-db', type: 'Database' },
          { name: 'edge-eu', type: 'Proxy', labels: { tier: 'front' } },
          { name: 'edge-us', type: 'Proxy', labels: { tier: 'back' } },
          { name: 'web', type: 'Service' },
        ],
      },
    });
    const run = () => s.json<TopologyRunResponse>(`/api/topology/${topologyId}/run`, { method: 'POST' });
    expect((await run()).body).toMatchObject({ status: 'SUCCESS' });
    expect(await links(topologyId)).toEqual([
      { name: 'edge-eu', selector_id: 'team' },
      { name: 'orders-db', selector_id: 'team' },
    ]);

    // The dashboard's Team filter reads the links.
    const tree = await s.json<TopologyTreeResponse>(`/api/canary/api/topology?team=${teamName}&flatten=true`);
    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    expect(tree.body.components.map((c) => c.name).sort()).toEqual(['edge-eu', 'orders-db']);

    // A manual link, then the team's selector changes: the run moves the selector's links, the manual one stays
    // (web, without a tier label, also meets `tier!=front`, as in Kubernetes).
    await sql`INSERT INTO team_components (team_id, component_id, selector_id)
      SELECT ${teamId}::uuid, id, 'manual' FROM components WHERE topology_id = ${topologyId} AND name = 'web'`.execute(s.ctx.db.kysely);
    await apply(team([{ types: ['Service', 'Proxy'], labelSelector: 'tier!=front' }]));
    expect((await run()).body).toMatchObject({ status: 'SUCCESS' });
    expect(await links(topologyId)).toEqual([
      { name: 'edge-us', selector_id: 'team' },
      { name: 'web', selector_id: 'manual' },
      { name: 'web', selector_id: 'team' },
    ]);
  });
});
