// Runs interrupted by kill -9 of their server. A scraper run and a canary run are held by
// a loopback peer that never answers, the server is killed, and after a restart their job_history rows are
// STOPPED with the reason and Run Now works at once (not 409 for the lease, nor a 30 s wait).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../test/peers/tcp-listener.js';
import { spawnServer, stopSpawned, waitFor, type SpawnedServer } from '../test/spawned-server.js';
import { createTestDatabase } from '../test/test-db.js';

const PASSWORD = 'interrupted-admin-pw-1';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let peer: http.Server;
let peerUrl: string;
let hold = true;
const held: http.ServerResponse[] = [];
let server: SpawnedServer | undefined;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  peer = http.createServer((_req, res) => {
    if (hold) return void held.push(res);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: 'item-1', name: 'item one' }));
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stopSpawned(server);
  for (const r of held) r.destroy();
  peer.closeAllConnections();
  await new Promise<void>((r) => peer.close(() => r()));
  await client.end();
  await db.drop();
});

async function apply(yaml: string): Promise<string> {
  const r = await server!.request('/api/resources/apply', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: yaml });
  const body = (await r.json()) as { results: { id: string }[] };
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body.results[0]!.id;
}

const running = async () =>
  (
    await client.query<{ name: string }>(
      "SELECT name FROM job_history WHERE status = 'RUNNING' AND name IN ('scraper', 'canary-run') ORDER BY name",
    )
  ).rows.map((r) => r.name);

describe('runs interrupted by kill -9 of their server', () => {
  it('are closed as STOPPED on restart, and Run Now works at once', { timeout: 180_000 }, async () => {
    const env = { DATABASE_URL: db.url, PORT: String(await closedPort()) };
    server = await spawnServer(env, PASSWORD, 60_000);
    const scraperId = await apply(
      [
        'apiVersion: configs.flanksource.com/v1',
        'kind: ScrapeConfig',
        'metadata:',
        '  name: held-scraper',
        'spec:',
        "  schedule: '@every 24h'",
        '  http:',
        '    - type: Test::Item',
        '      id: $.id',
        '      name: $.name',
        `      url: ${peerUrl}/items`,
      ].join('\n'),
    );
    const canaryId = await apply(
      [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata:',
        '  name: held-canary',
        'spec:',
        '  schedule: "@every 30s"',
        '  http:',
        '    - name: held-check',
        `      url: ${peerUrl}/check`,
      ].join('\n'),
    );
    expect(await waitFor(async () => (await running()).length === 2, 30_000), `RUNNING: ${(await running()).join(', ')}`).toBe(true);

    server.child.kill('SIGKILL');
    await server.exited;
    expect(await running()).toHaveLength(2);
    hold = false;
    for (const r of held.splice(0)) r.destroy();

    server = await spawnServer(env, PASSWORD, 60_000);
    const rows = await client.query<{ name: string; status: string; errors: string[] }>(
      "SELECT name, status, errors FROM job_history WHERE name IN ('scraper', 'canary-run') ORDER BY time_start LIMIT 2",
    );
    expect(rows.rows.map((r) => r.status)).toEqual(['STOPPED', 'STOPPED']);
    for (const r of rows.rows) expect(r.errors.join(' ')).toMatch(/died before the run ended/);

    // The interrupted runs were due: they are caught up at once, not after the 30-minute lease. The bounds
    // are generous because CI runs this beside other suites on two cores; a held lease would take 30 minutes.
    const t0 = Date.now();
    // Only these two names: the server's own periodic jobs write job history too.
    const caughtUp = async () =>
      (
        await client.query(
          "SELECT DISTINCT name FROM job_history WHERE status IN ('SUCCESS', 'WARNING', 'FAILED') AND name IN ('scraper', 'canary-run')",
        )
      ).rowCount === 2;
    expect(await waitFor(caughtUp, 45_000)).toBe(true);
    const scrape = await server.request(`/api/config/scrapers/${scraperId}/run`, { method: 'POST' });
    expect(scrape.status, await scrape.clone().text()).toBe(200);
    const { rows: checks } = await client.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [canaryId]);
    const check = await server.request(`/api/canary/run/check/${checks[0]!.id}`, { method: 'POST' });
    expect(check.status, await check.clone().text()).toBe(200);
    expect(Date.now() - t0).toBeLessThan(60_000);
  });
});
