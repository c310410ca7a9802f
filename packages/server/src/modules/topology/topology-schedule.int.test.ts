// With the schedulers on: applying a Topology runs it (one job-history entry) without a Run Now, and the
// health engine runs its inline check on its own, the component's health following the result.
import { sql } from 'kysely';
import { stringify } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHttpbin, type HttpbinPeer } from '../../test/peers/httpbin.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let s: TestServer;
let httpbin: HttpbinPeer;
beforeAll(async () => {
  [s, httpbin] = await Promise.all([startTestServer(), startHttpbin()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), httpbin?.close()]);
});

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('runs an applied topology at once and its inline check through the health engine', async () => {
  const doc = {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    metadata: { name: 'scheduled' },
    spec: {
      schedule: '@every 1h',
      components: [{ name: 'web', checks: [{ inline: { http: [{ name: 'web-200', url: `${httpbin.httpUrl}/status/200` }] } }] }],
    },
  };
  const res = await s.request('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: stringify(doc),
  });
  expect(res.status).toBe(200);
  const id = ((await res.json()) as { results: Array<{ id: string }> }).results[0]!.id;
  const history = await eventually(
    async () =>
      (
        await sql<{ status: string }>`SELECT status FROM job_history WHERE resource_type = 'topology' AND resource_id = ${id}`.execute(
          s.ctx.db.kysely,
        )
      ).rows,
    (rows) => rows.some((r) => r.status === 'SUCCESS'),
  );
  expect(history.map((h) => h.status)).toEqual(['SUCCESS']);
  const health = await eventually(
    async () =>
      (
        await sql<{ name: string; health: string }>`
          SELECT name, health FROM components WHERE topology_id = ${id} AND deleted_at IS NULL ORDER BY depth`.execute(s.ctx.db.kysely)
      ).rows,
    (rows) => rows.length === 2 && rows.every((r) => r.health === 'healthy'),
  );
  expect(health).toEqual([
    { name: 'scheduled', health: 'healthy' },
    { name: 'web', health: 'healthy' },
  ]);
});
