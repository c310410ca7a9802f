// The process's one LISTEN connection on a real PostgreSQL: a server with its jobs, its playbook engine and its
// revocation listener holds one notification connection; notifications reach the handlers of their own channel;
// after the connection is killed it comes back, LISTENs again and tells every handler to look for what it missed.
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { PgNotifications } from './pg-notifications.js';

const LISTEN_APP = 'ops-console-listen';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const listenBackends = async (): Promise<number[]> =>
  (
    await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTEN_APP} AND datname = current_database()`.execute(s.ctx.db.kysely)
  ).rows.map((r) => r.pid);

const notify = (channel: string, payload: string) => sql`SELECT pg_notify(${channel}, ${payload})`.execute(s.ctx.db.kysely);

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('PgNotifications', () => {
  it('a running server (events, revocations, playbook engine) holds one notification connection', async () => {
    expect(await listenBackends()).toHaveLength(1);
  });

  it('routes by channel, comes back after its connection is killed, and closes when the last handler goes', async () => {
    const url = s.ctx.db.pool.options.connectionString!;
    const hub = new PgNotifications(url, pino({ level: 'silent' }));
    const got: Record<string, (string | undefined)[]> = { a: [], b: [] };
    const before = await listenBackends();
    const stopA = await hub.listen('ops_test_a', (p) => got.a!.push(p));
    const stopB = await hub.listen('ops_test_b', (p) => got.b!.push(p));
    try {
      // Each handler is told once that it is listening; both channels share one new connection.
      expect(got).toEqual({ a: [undefined], b: [undefined] });
      const ours = (await listenBackends()).filter((pid) => !before.includes(pid));
      expect(ours).toHaveLength(1);

      await notify('ops_test_a', 'one');
      await notify('ops_test_b', 'two');
      await until('both payloads', () => got.a!.includes('one') && got.b!.includes('two'));
      expect(got).toEqual({ a: [undefined, 'one'], b: [undefined, 'two'] });

      // Killed: after the reconnect every handler hears "look again", and notifications flow on the new connection.
      await sql`SELECT pg_terminate_backend(${ours[0]!})`.execute(s.ctx.db.kysely);
      await until('the reconnect', () => got.a!.length === 3 && got.b!.length === 3);
      expect(got).toEqual({ a: [undefined, 'one', undefined], b: [undefined, 'two', undefined] });
      await notify('ops_test_a', 'three');
      await until('the payload after the reconnect', () => got.a!.includes('three'));

      // One channel stopped: it hears nothing more while the other still does.
      await stopA();
      await notify('ops_test_a', 'four');
      await notify('ops_test_b', 'five');
      await until('the other channel', () => got.b!.includes('five'));
      expect(got.a).not.toContain('four');
    } finally {
      await stopB();
    }
    // The last handler gone, its connection is closed.
    await until('the connection to close', async () => (await listenBackends()).length === before.length);
    await hub.stop();
    await expect(hub.listen('ops_test_a', () => undefined)).rejects.toThrow(/stopped/);
  });
});
