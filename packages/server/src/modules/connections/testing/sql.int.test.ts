// SQL connection tests against the integration harness's PostgreSQL and Debian's MariaDB, both real
// servers on loopback ports; failures must name the cause and never echo the password.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMariaDb, type MariaDbPeer } from '../../../test/peers/mariadb-server.js';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { createTestDatabase } from '../../../test/test-db.js';
import { NotTestableError, testConnection, type DecryptedConnection } from './index.js';

const WRONG = 'wrong-secret-Zq81';
const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (type: string, fields: Partial<DecryptedConnection>): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: `${type}-test`,
  namespace: 'default',
  type,
  insecure_tls: false,
  properties: {},
  ...fields,
});

async function failure(c: DecryptedConnection): Promise<string> {
  const err = await testConnection(c, opts()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  expect(err).not.toBeInstanceOf(NotTestableError);
  return (err as Error).message;
}

describe('postgres connection test', () => {
  let db: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
  });
  afterAll(() => db.drop());

  it('passes with credentials in the URL and with username/password fields', async () => {
    await expect(testConnection(conn('postgres', { url: db.url }), opts())).resolves.toBeUndefined();
    const u = new URL(db.url);
    const user = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    u.username = '';
    u.password = '';
    await expect(testConnection(conn('postgres', { url: u.toString(), username: user, password }), opts())).resolves.toBeUndefined();
    const template = `postgres://$(username):$(password)@${u.host}${u.pathname}`;
    await expect(testConnection(conn('postgres', { url: template, username: user, password }), opts())).resolves.toBeUndefined();
  });

  it('names the refused login without the password', async () => {
    const u = new URL(db.url);
    const role = `nobody_${randomBytes(4).toString('hex')}`;
    const message = await failure(conn('postgres', { url: `postgres://${u.host}${u.pathname}`, username: role, password: WRONG }));
    // A password cluster says the password failed; a trust cluster (the PostgreSQL 15 run) that the role does not exist.
    expect(message).toMatch(new RegExp(`^postgres: (password authentication failed for user "${role}"|role "${role}" does not exist)`));
    expect(message).not.toContain(WRONG);
  });

  it('names a refused port and a URL of another kind', async () => {
    const port = await closedPort();
    expect(await failure(conn('postgres', { url: `postgres://u:${WRONG}@127.0.0.1:${port}/db` }))).toMatch(/ECONNREFUSED/);
    expect(await failure(conn('postgres', { url: 'mysql://x@y/z' }))).toBe('postgres: the url is not a postgres:// URL');
    expect(await failure(conn('postgres', {}))).toBe('the connection has no url');
  });
});

describe('mysql connection test (MariaDB)', () => {
  let maria: MariaDbPeer;
  beforeAll(async () => {
    maria = await startMariaDb();
  });
  afterAll(() => maria.close());

  it('passes as a mysql:// URL with the username/password fields and as a Go DSN', async () => {
    const url = `mysql://127.0.0.1:${maria.port}/${maria.database}`;
    await expect(testConnection(conn('mysql', { url, username: maria.user, password: maria.password }), opts())).resolves.toBeUndefined();
    const dsn = `${maria.user}:${maria.password}@tcp(127.0.0.1:${maria.port})/${maria.database}`;
    await expect(testConnection(conn('mysql', { url: dsn }), opts())).resolves.toBeUndefined();
  });

  it('names a wrong password without it, and a refused port', async () => {
    const url = `mysql://127.0.0.1:${maria.port}/${maria.database}`;
    const message = await failure(conn('mysql', { url, username: maria.user, password: WRONG }));
    expect(message).toMatch(/^mysql: Access denied for user 'ops'/);
    expect(message).not.toContain(WRONG);
    const port = await closedPort();
    expect(await failure(conn('mysql', { url: `mysql://127.0.0.1:${port}/x`, username: 'u', password: WRONG }))).toMatch(/ECONNREFUSED/);
  });
});
