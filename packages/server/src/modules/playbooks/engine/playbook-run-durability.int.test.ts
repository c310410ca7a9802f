// Durability: the real server as a child process is killed with -9 while an action waits on a loopback peer
// and another run sleeps; after a restart the interrupted action is failed (never sent twice), the run goes
// on with its failure()/always() actions and ends, and the sleeping run completes. Then two engines on one
// database work many short runs and the peer sees every action exactly once.
import http from 'node:http';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { spawnServer, stopSpawned, waitFor, type SpawnedServer } from '../../../test/spawned-server.js';
import { createTestDatabase } from '../../../test/test-db.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { ORPHANED_ACTION_ERROR } from './run-actions.repository.js';
import { recoverDeadInstances } from '../../../jobs/instance-recovery.js';
import { applyPlaybooks, playbookDoc, runState, startRun, waitForRun } from './engine-test-helpers.js';
import { PlaybookEngine } from './playbook-engine.js';

const PASSWORD = 'durability-admin-pw-1';
const hits = new Map<string, number>();
const held: http.ServerResponse[] = [];
let peer: http.Server;
let peerUrl: string;

beforeAll(async () => {
  peer = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/hold') return void held.push(res);
    res.end('ok');
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const r of held) r.destroy();
  peer.closeAllConnections();
  await new Promise<void>((r) => peer.close(() => r()));
});

describe('a server killed with -9 mid-run', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await stopSpawned(server);
    await client?.end();
    await db?.drop();
  });

  const post = async (path: string, body: string, type = 'application/json') => {
    const r = await server!.request(path, { method: 'POST', headers: { 'content-type': type }, body });
    const text = await r.text();
    expect(r.status, text).toBe(200);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const runOf = async (id: string) =>
    (await client.query<{ status: string; error: string | null }>('SELECT status, error FROM playbook_runs WHERE id = $1', [id])).rows[0]!;
  const actionsOf = async (id: string) =>
    (
      await client.query<{ name: string; status: string; error: string | null }>(
        'SELECT name, status, error FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY position, attempt',
        [id],
      )
    ).rows;

  it('fails the interrupted action without sending it again, goes on, and resumes the sleeping run', { timeout: 180_000 }, async () => {
    const env = { DATABASE_URL: db.url, PORT: String(await closedPort()) };
    server = await spawnServer(env, PASSWORD, 60_000);
    const docs = [
      playbookDoc('durable-held', {
        actions: [
          { name: 'first', http: { url: `${peerUrl}/first` } },
          { name: 'held', http: { url: `${peerUrl}/hold` } },
          { name: 'after', http: { url: `${peerUrl}/after` } },
          { name: 'on failure', if: 'failure()', http: { url: `${peerUrl}/on-failure` } },
          { name: 'always', if: 'always()', http: { url: `${peerUrl}/always` } },
        ],
      }),
      playbookDoc('durable-sleeper', { actions: [{ name: 'later', delay: '4s', http: { url: `${peerUrl}/later` } }] }),
    ];
    const applied = (await post('/api/resources/apply', docs.map((d) => stringify(d)).join('\n---\n'), 'application/yaml')) as {
      results: { name: string; id: string }[];
    };
    const ids = Object.fromEntries(applied.results.map((r) => [r.name, r.id]));
    const held1 = (await post('/api/playbook/run', JSON.stringify({ id: ids['durable-held'] }))).run_id as string;
    const sleeper = (await post('/api/playbook/run', JSON.stringify({ id: ids['durable-sleeper'] }))).run_id as string;
    expect(await waitFor(() => hits.get('/hold') === 1, 20_000)).toBe(true);
    expect(await waitFor(async () => (await runOf(sleeper)).status === 'sleeping', 10_000)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exited;
    expect((await runOf(held1)).status).toBe('running');

    server = await spawnServer(env, PASSWORD, 60_000);
    expect(await waitFor(async () => ['completed', 'failed'].includes((await runOf(held1)).status), 30_000)).toBe(true);
    expect(await waitFor(async () => (await runOf(sleeper)).status === 'completed', 30_000)).toBe(true);
    expect(await runOf(held1)).toEqual({ status: 'failed', error: `held: ${ORPHANED_ACTION_ERROR}` });
    expect(await actionsOf(held1)).toEqual([
      { name: 'first', status: 'completed', error: null },
      { name: 'held', status: 'failed', error: ORPHANED_ACTION_ERROR },
      { name: 'after', status: 'skipped', error: null },
      { name: 'on failure', status: 'completed', error: null },
      { name: 'always', status: 'completed', error: null },
    ]);
    expect(Object.fromEntries(['/first', '/hold', '/after', '/on-failure', '/always', '/later'].map((p) => [p, hits.get(p) ?? 0]))).toEqual(
      {
        '/first': 1,
        '/hold': 1,
        '/after': 0,
        '/on-failure': 1,
        '/always': 1,
        '/later': 1,
      },
    );
    const stuck = await client.query("SELECT id FROM playbook_runs WHERE status NOT IN ('completed', 'failed', 'cancelled', 'timed_out')");
    expect(stuck.rows).toEqual([]);
  });
});

describe('two engines on one database', () => {
  let s: TestServer;
  let second: PlaybookEngine;
  beforeAll(async () => {
    s = await startTestServer();
    second = new PlaybookEngine(s.ctx, { concurrency: 5, pollMs: 50 });
    await second.start();
  });
  afterAll(async () => {
    await second?.stop();
    await s?.stop();
  });

  it("the heartbeat recovery releases a dead process's run and fails the action it left running", async () => {
    const ids = await applyPlaybooks(s, [playbookDoc('engine-orphan', { actions: [{ name: 'x', exec: { script: 'true' } }] })]);
    const db = s.ctx.db.kysely;
    const dead = `${hostname()}:999999:dead`;
    await sql`INSERT INTO server_instances (id, hostname, pid) VALUES (${dead}, ${hostname()}, 999999)`.execute(db);
    const run = (
      await sql<{ id: string }>`
        INSERT INTO playbook_runs (playbook_id, status, spec, claimed_by, start_time, scheduled_time)
        VALUES (${ids['engine-orphan']}, 'running', '{"actions":[]}', ${`${dead}:playbooks-1`}, now(), now() + interval '1 hour')
        RETURNING id`.execute(db)
    ).rows[0]!.id;
    await sql`INSERT INTO playbook_run_actions (playbook_run_id, name, position, status, claimed_by)
      VALUES (${run}, 'x', 0, 'running', ${`${dead}:playbooks-1`})`.execute(db);
    // This call or the server's own heartbeat (every 10 s) finds the process dead; either releases the run.
    await recoverDeadInstances(s.ctx.db, s.ctx.log);
    const left = await sql`SELECT 1 FROM server_instances WHERE id = ${dead}`.execute(db);
    expect(left.rows).toEqual([]);
    const state = await runState(s, run);
    expect([state.status, state.claimed_by]).toEqual(['running', null]);
    expect(state.actions.map((a) => [a.status, a.error])).toEqual([['failed', ORPHANED_ACTION_ERROR]]);
  });

  it('never work one run twice: every action reaches the peer exactly once', { timeout: 120_000 }, async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-pair', {
        parameters: [{ name: 'n', label: 'N' }],
        actions: [
          { name: 'one', http: { url: `${peerUrl}/pair/{{.params.n}}/1` } },
          { name: 'two', http: { url: `${peerUrl}/pair/{{.params.n}}/2` } },
        ],
      }),
    ]);
    let secondWorked = 0;
    const sampler = setInterval(() => (secondWorked = Math.max(secondWorked, second.running)), 5);
    const runs = await Promise.all(Array.from({ length: 40 }, (_, n) => startRun(s, { id: ids['engine-pair'], params: { n: String(n) } })));
    for (const r of runs) expect((await waitForRun(s, r.body.run_id, 60_000)).status).toBe('completed');
    clearInterval(sampler);
    const pairHits = [...hits.entries()].filter(([p]) => p.startsWith('/pair/'));
    expect(pairHits).toHaveLength(80);
    expect(pairHits.every(([, n]) => n === 1)).toBe(true);
    expect(secondWorked).toBeGreaterThan(0);
  });
});

describe('a clean shutdown mid-action', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ OPS_JOBS: 'false' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('waits, then aborts the action, fails it as interrupted and releases the run for the next engine', { timeout: 60_000 }, async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-shutdown', {
        actions: [
          { name: 'long', exec: { script: 'sleep 30' } },
          { name: 'cleanup', if: 'always()', http: { url: `${peerUrl}/shutdown-cleanup` } },
        ],
      }),
    ]);
    const first = new PlaybookEngine(s.ctx, { stopTimeoutMs: 300 });
    await first.start();
    const runId = (await startRun(s, { id: ids['engine-shutdown'] })).body.run_id;
    expect(await waitFor(async () => (await runState(s, runId)).actions[0]?.status === 'running', 10_000)).toBe(true);
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    const released = await runState(s, runId);
    expect([released.status, released.claimed_by]).toEqual(['running', null]);
    expect(released.actions.map((a) => [a.status, a.error])).toEqual([['failed', ORPHANED_ACTION_ERROR]]);
    const next = new PlaybookEngine(s.ctx);
    await next.start();
    try {
      const run = await waitForRun(s, runId);
      expect([run.status, run.actions.map((a) => a.status)]).toEqual(['failed', ['failed', 'completed']]);
      expect(hits.get('/shutdown-cleanup')).toBe(1);
    } finally {
      await next.stop();
    }
  });
});
