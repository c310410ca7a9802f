// Runs against Debian's MariaDB (mariadbd started on a free port with a temp datadir by the peer);
// CI installs mariadb-server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOf, runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startMariaDb, type MariaDbPeer } from '../../../../../test/peers/mariadb-server.js';
import { closedPort } from '../../../../../test/peers/tcp-listener.js';
import { createStaticSecretResolver } from '../../values/secrets.js';

let db: MariaDbPeer;
let dsn: string;
beforeAll(async () => {
  db = await startMariaDb();
  dsn = `${db.user}:${db.password}@tcp(127.0.0.1:${db.port})/${db.database}`;
}, 60_000);
afterAll(() => db?.close());

describe('mysql check', () => {
  it('runs the query and passes when enough rows come back; values are text; test and display see the rows', async () => {
    const r = await runEntry('mysql', {
      url: dsn,
      query: "SELECT 1 AS n, 2.5 AS half, NULL AS nothing, DATE('2024-02-03') AS day UNION ALL SELECT 2, 3.5, NULL, NULL",
      results: 2,
      test: { expr: "results.rows[1].n == '2' && results.count == 2" },
      display: { template: '{{ .results.count }} rows, first day {{ (index .results.rows 0).day }}' },
    });
    expect(r).toMatchObject({ pass: true, message: '2 rows, first day 2024-02-03' });
    expect(r.detail).toEqual({
      count: 2,
      rows: [
        { n: '1', half: '2.5', nothing: null, day: '2024-02-03' },
        { n: '2', half: '3.5', nothing: null, day: null },
      ],
    });
  });

  it('defaults to SELECT 1, accepts mysql:// URLs and fails when fewer rows than results come back', async () => {
    expect(await runEntry('mysql', { connection: dsn })).toMatchObject({ pass: true, message: '1 rows' });
    const url = `mysql://${db.user}:${db.password}@127.0.0.1:${db.port}/${db.database}`;
    expect(await runEntry('mysql', { url, query: 'SELECT 1 FROM DUAL WHERE 1 = 0', results: 1 })).toMatchObject({
      pass: false,
      error: 'Query returned 0 rows, expected 1',
    });
  });

  it('fills $(username) and $(password) from secrets, or uses them when the DSN has no credentials', async () => {
    const secrets = createStaticSecretResolver({ secrets: { 'default/mysql': { USERNAME: db.user, PASSWORD: db.password } } });
    const auth = {
      username: { valueFrom: { secretKeyRef: { name: 'mysql', key: 'USERNAME' } } },
      password: { valueFrom: { secretKeyRef: { name: 'mysql', key: 'PASSWORD' } } },
    };
    const templated = `$(username):$(password)@tcp(127.0.0.1:${db.port})/${db.database}`;
    expect(await runEntry('mysql', { url: templated, ...auth }, { secrets })).toMatchObject({ pass: true });
    expect(await runEntry('mysql', { url: `tcp(127.0.0.1:${db.port})/${db.database}`, ...auth }, { secrets })).toMatchObject({
      pass: true,
    });
  });

  it('fails with the server error for a wrong password, a bad query and a closed port', async () => {
    const wrong = await runEntry('mysql', { url: `${db.user}:nope@tcp(127.0.0.1:${db.port})/${db.database}` });
    expect(wrong).toMatchObject({ pass: false, error: `mysql: Access denied for user '${db.user}'@'127.0.0.1' (using password: YES)` });
    const bad = await runEntry('mysql', { url: dsn, query: 'SELECT * FROM no_such_table' });
    expect(bad).toMatchObject({ pass: false, error: `mysql: Table '${db.database}.no_such_table' doesn't exist` });
    const port = await closedPort();
    const down = await runEntry('mysql', { url: `u:p@tcp(127.0.0.1:${port})/db` });
    expect(down).toMatchObject({ pass: false, error: `mysql: connect ECONNREFUSED 127.0.0.1:${port}` });
  });

  it('reports a malformed DSN as invalid and hides the password in the endpoint', async () => {
    const r = await runEntry('mysql', { url: 'u:secret@tcp(127.0.0.1:3306)' });
    expect(r).toMatchObject({ invalid: true, error: 'mysql: invalid DSN: missing the slash separating the database name' });
    expect(checkOf('mysql', { url: 'u:secret@tcp(127.0.0.1:3306)/db' }).endpoint).toBe('u:###@tcp(127.0.0.1:3306)/db');
    expect(checkOf('mysql', { url: 'mysql://u:secret@h:3306/db' }).endpoint).toBe('mysql://u:###@h:3306/db');
  });
});
