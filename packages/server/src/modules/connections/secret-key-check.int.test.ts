// The start-up key check on a real database: a server started with another OPS_SECRET_KEY (or another
// generated key file) than the one the data was written with refuses to start, naming OPS_SECRET_KEY and
// what to do, and exits non-zero as a process; the right key starts again and its secrets still decrypt.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startServer, type RunningServer } from '../../server.js';
import { closedPort } from '../../test/peers/tcp-listener.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../../test/spawned-server.js';
import { createTestDatabase } from '../../test/test-db.js';
import { getConnectionForUse } from './index.js';

const PASSWORD = 'key-check-admin-1';
const K1 = `k1-${randomBytes(24).toString('hex')}`;
const K2 = `k2-${randomBytes(24).toString('hex')}`;
const tmp = mkdtempSync(path.join(tmpdir(), 'ops-key-check-'));
const dir = (name: string) => path.join(tmp, name);

let db: { url: string; drop(): Promise<void> };
let running: RunningServer | undefined;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await running?.stop();
  await db?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

/** A server on the test database; `key` undefined leaves OPS_SECRET_KEY unset (the key file in `dataDir`). */
async function start(key: string | undefined, dataDir: string, url = db.url): Promise<RunningServer> {
  const env: Record<string, string> = {
    DATABASE_URL: url,
    PORT: '0',
    OPS_JOBS: 'false',
    OPS_LOG_LEVEL: 'warn',
    OPS_ADMIN_PASSWORD: PASSWORD,
    OPS_DATA_DIR: dataDir,
    ...(key === undefined ? {} : { OPS_SECRET_KEY: key }),
  };
  return startServer(loadConfig(env, 'test'), { serveWeb: false, print: () => undefined });
}

/** The start-up error of a server that must not start. */
async function refused(key: string | undefined, dataDir: string, url = db.url): Promise<string> {
  const outcome = await start(key, dataDir, url).then(
    async (s) => {
      await s.stop();
      return undefined;
    },
    (err: unknown) => err,
  );
  expect(outcome, 'the server started with a key that does not open the data').toBeInstanceOf(Error);
  expect((outcome as Error).name).toBe('SecretKeyMismatchError');
  const message = (outcome as Error).message;
  for (const key of [K1, K2]) expect(message).not.toContain(key);
  return message;
}

async function checkRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM secret_key_check')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function createConnection(s: RunningServer, secret: string): Promise<string> {
  const res = await fetch(`${s.url}/api/connections`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`admin@ops.local:${PASSWORD}`).toString('base64')}`,
    },
    body: JSON.stringify({ name: 'kept', type: 'http', url: 'http://peer.example', username: 'u', password: secret }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('start-up with another OPS_SECRET_KEY', () => {
  const secret = `pw-${randomBytes(8).toString('hex')}`;
  let id: string;

  it('stops with an error naming OPS_SECRET_KEY; the right key starts again and still decrypts', async () => {
    running = await start(K1, dir('a'));
    id = await createConnection(running, secret);
    await running.stop();
    running = undefined;

    const message = await refused(K2, dir('a'));
    expect(message).toMatch(/^OPS_SECRET_KEY does not match the key this database's secrets were encrypted with/);
    expect(message).toContain('the key check written on its first start cannot be decrypted (OPS_SECRET_KEY is set)');
    expect(message).toContain('Set OPS_SECRET_KEY to the key the data was written with and start again');

    running = await start(K1, dir('a'));
    expect((await getConnectionForUse(running.ctx, id))?.password).toBe(secret);
    await running.stop();
    running = undefined;
  });

  it('on a database from before the check, refuses a key that does not open a stored secret and writes no check', async () => {
    const legacy = await createTestDatabase();
    try {
      // The first start writes the row; removing it gives a database as an older version left it.
      const s = await start(K1, dir('b'), legacy.url);
      await createConnection(s, secret);
      await sql`DELETE FROM secret_key_check`.execute(s.ctx.db.kysely);
      await s.stop();

      expect(await refused(K2, dir('b'), legacy.url)).toContain('the secrets of connection default/kept cannot be decrypted');
      expect(await checkRows(legacy.url)).toBe(0);
      const again = await start(K1, dir('b'), legacy.url);
      await again.stop();
      expect(await checkRows(legacy.url)).toBe(1);
    } finally {
      await legacy.drop();
    }
  });

  it('exits non-zero as a process, before listening', async () => {
    let spawned: SpawnedServer | undefined;
    const env = { DATABASE_URL: db.url, OPS_SECRET_KEY: K2, OPS_DATA_DIR: dir('a'), PORT: String(await closedPort()) };
    const outcome = await spawnServer(env, PASSWORD, 60_000).then(
      (s) => {
        spawned = s;
        return undefined;
      },
      (err: Error) => err.message,
    );
    await stopSpawned(spawned);
    expect(outcome, 'the process served with the wrong key').toBeDefined();
    expect(outcome).toMatch(/server exited with 1 before listening/);
    expect(outcome).toContain("OPS_SECRET_KEY does not match the key this database's secrets were encrypted with");
    expect(outcome).not.toContain(K2);
  });
});

describe('start-up with the generated key file', () => {
  it('refuses another data directory’s key, accepts the file’s key given as OPS_SECRET_KEY, refuses an env key that differs', async () => {
    const other = await createTestDatabase();
    try {
      const first = await start(undefined, dir('c1'), other.url);
      await first.stop();
      const keyFile = path.join(dir('c1'), 'secret-key');
      expect(existsSync(keyFile)).toBe(true);

      // Moved to a new data directory without the key file: a new key is generated, which opens nothing.
      const moved = await refused(undefined, dir('c2'), other.url);
      expect(moved).toContain(`(OPS_SECRET_KEY is not set, so the key was read from ${path.join(dir('c2'), 'secret-key')})`);
      expect(moved).toContain("that key is the content of the file secret-key in that server's data directory (OPS_DATA_DIR)");

      // From the key file to the environment: the same key under OPS_SECRET_KEY starts.
      const fromEnv = await start(readFileSync(keyFile, 'utf8').trim(), dir('c2'), other.url);
      await fromEnv.stop();
      expect(await refused(K1, dir('c1'), other.url)).toContain('(OPS_SECRET_KEY is set)');
      const back = await start(undefined, dir('c1'), other.url);
      await back.stop();
    } finally {
      await other.drop();
    }
  });
});
