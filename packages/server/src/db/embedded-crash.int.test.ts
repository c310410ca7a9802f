// The embedded PostgreSQL after a crash. kill -9 of the postmaster, of the server, and of
// the server together with its watchdog (an orphan postmaster): each time a new start comes back within
// 60 s with the data intact, and after kill -9 of the server its PostgreSQL does not stay running.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from '../test/peers/tcp-listener.js';
import { spawnServer, stopSpawned, waitFor, watchdogOf, type SpawnedServer } from '../test/spawned-server.js';
import { lockedPid, processAlive } from './postmaster-lock.js';

const PASSWORD = 'crash-admin-pw-1';
const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-crash-'));
const pgDir = path.join(dataDir, 'pg');
let env: Record<string, string>;
let server: SpawnedServer | undefined;

afterAll(async () => {
  await stopSpawned(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function sql<T>(text: string): Promise<T[]> {
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const c = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.OPS_EMBEDDED_PG_PORT}/ops`,
  });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

const kept = async () => (await sql<{ n: number }>("SELECT count(*)::int AS n FROM saved_query WHERE name = 'kept'"))[0]!.n;

// Starts within 60 s and still holds the row written before the crash.
async function restart(): Promise<void> {
  const t0 = Date.now();
  server = await spawnServer(env, PASSWORD, 60_000);
  expect(Date.now() - t0).toBeLessThan(60_000);
  expect((await server.request('/api/auth/whoami')).status).toBe(200);
  expect(await kept()).toBe(1);
}

describe('the embedded PostgreSQL after a crash', () => {
  it('starts on a fresh data directory and keeps a row', { timeout: 180_000 }, async () => {
    env = { OPS_DATA_DIR: dataDir, OPS_EMBEDDED_PG_PORT: String(await closedPort()), PORT: String(await closedPort()) };
    server = await spawnServer(env, PASSWORD, 150_000);
    await sql("INSERT INTO saved_query (name) VALUES ('kept')");
  });

  it('comes back after kill -9 of its postmaster (stale postmaster.pid)', { timeout: 90_000 }, async () => {
    const postmaster = lockedPid(pgDir)!;
    process.kill(postmaster, 'SIGKILL');
    expect(await waitFor(() => !processAlive(postmaster), 5_000)).toBe(true);
    // While it is down the API answers 503, and the server still stops on SIGTERM.
    expect((await server!.request('/api/auth/whoami')).status).toBe(503);
    await stopSpawned(server, 25_000);
    expect(lockedPid(pgDir)).toBe(postmaster); // the stale lock is still there
    await restart();
  });

  it('after kill -9 of the server its PostgreSQL stops, and a new start comes back', { timeout: 90_000 }, async () => {
    const postmaster = lockedPid(pgDir)!;
    server!.child.kill('SIGKILL');
    await server!.exited;
    expect(await waitFor(() => !processAlive(postmaster), 15_000)).toBe(true);
    await restart();
  });

  it('stops an orphan postmaster left by a server killed together with its watchdog', { timeout: 90_000 }, async () => {
    const postmaster = lockedPid(pgDir)!;
    const watchdog = watchdogOf(server!.pid);
    expect(watchdog).toBeGreaterThan(0);
    process.kill(watchdog!, 'SIGKILL');
    server!.child.kill('SIGKILL');
    await server!.exited;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(processAlive(postmaster)).toBe(true); // an orphan on our data directory
    await restart();
    expect(processAlive(postmaster)).toBe(false);
  });
});
