// The sql action against the test PostgreSQL: a rendered query through a stored connection (credentials
// kept apart from the URL) and through a URL written in the action; driver errors fail it with the cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMariaDb, type MariaDbPeer } from '../../../../test/peers/mariadb-server.js';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { createTestConnection, testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

let s: TestServer;
let dbUrl: URL;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  dbUrl = new URL(s.ctx.config.DATABASE_URL!);
});
afterAll(async () => {
  await s?.stop();
});

describe('sql action', () => {
  it('runs a rendered query through a stored postgres connection and returns rows and count', async () => {
    const bare = new URL(dbUrl);
    bare.username = '';
    bare.password = '';
    await createTestConnection(s, {
      name: 'ops-db',
      type: 'postgres',
      url: bare.toString(),
      username: decodeURIComponent(dbUrl.username),
      password: decodeURIComponent(dbUrl.password),
    });
    const actx = testActionContext(s, { params: { n: '3' } });
    const out = await runAction(
      {
        sql: { connection: 'connection://default/ops-db', query: 'SELECT g AS n, g * 2 AS twice FROM generate_series(1, {{.params.n}}) g' },
      },
      actx,
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { count: 3 } });
    expect(out.result.rows).toEqual([
      { n: 1, twice: 2 },
      { n: 2, twice: 4 },
      { n: 3, twice: 6 },
    ]);
  });

  it('reads tables the server wrote (the people a test server creates)', async () => {
    const out = await runAction(
      { sql: { url: dbUrl.toString(), query: `SELECT email FROM people WHERE email = 'admin@test.local'` } },
      testActionContext(s),
    );
    expect(out).toMatchObject({ status: 'completed', result: { rows: [{ email: 'admin@test.local' }], count: 1 } });
  });

  it('fails with the database error and names bad fields', async () => {
    const bad = await runAction({ sql: { connection: dbUrl.toString(), query: 'SELECT * FROM no_such_table' } }, testActionContext(s));
    expect(bad).toMatchObject({ status: 'failed', error: 'sql: relation "no_such_table" does not exist' });
    expect(await runAction({ sql: { connection: dbUrl.toString(), query: '' } }, testActionContext(s))).toMatchObject({
      error: 'sql.query: is required',
    });
    expect(
      await runAction({ sql: { connection: dbUrl.toString(), driver: 'oracle', query: 'SELECT 1' } }, testActionContext(s)),
    ).toMatchObject({
      error: 'sql.driver: "oracle" is not supported (use postgres, mysql or sqlserver)',
    });
  });
});

describe('sql action on MySQL (MariaDB)', () => {
  let maria: MariaDbPeer;
  beforeAll(async () => {
    maria = await startMariaDb();
  });
  afterAll(() => maria?.close());

  it('runs the query through a mysql connection (credentials apart) and a Go DSN', async () => {
    await createTestConnection(s, {
      name: 'maria',
      type: 'mysql',
      url: `mysql://127.0.0.1:${maria.port}/${maria.database}`,
      username: maria.user,
      password: maria.password,
    });
    const viaConnection = await runAction(
      { sql: { connection: 'maria', query: "SELECT 1 + {{.params.n}} AS total, 'x' AS label" } },
      testActionContext(s, { params: { n: 2 } }),
    );
    expect(viaConnection, viaConnection.error).toMatchObject({
      status: 'completed',
      result: { rows: [{ total: 3, label: 'x' }], count: 1 },
    });
    const dsn = `${maria.user}:${maria.password}@tcp(127.0.0.1:${maria.port})/${maria.database}`;
    const viaDsn = await runAction({ sql: { url: dsn, query: 'SELECT DATABASE() AS db' } }, testActionContext(s));
    expect(viaDsn, viaDsn.error).toMatchObject({ status: 'completed', result: { rows: [{ db: maria.database }] } });
  });
});
