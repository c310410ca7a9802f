// The postgres check against the integration test cluster (a real PostgreSQL).
import { describe, expect, inject, it } from 'vitest';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { closedPort } from '../../../../../test/peers/tcp-listener.js';
import { createStaticSecretResolver } from '../../values/secrets.js';

const url = inject('pgAdminUrl');

describe('postgres check', () => {
  it('runs the query and passes when enough rows come back; values are text', async () => {
    const r = await runEntry('postgres', {
      url,
      query: 'SELECT n, n * 2 AS twice, NULL AS nothing FROM generate_series(1, 3) AS n',
      results: 3,
      test: { expr: "results.rows[2].twice == '6'" },
    });
    expect(r).toMatchObject({ pass: true, message: '3 rows' });
    expect(r.detail).toEqual({
      count: 3,
      rows: [
        { n: '1', twice: '2', nothing: null },
        { n: '2', twice: '4', nothing: null },
        { n: '3', twice: '6', nothing: null },
      ],
    });
  });

  it('defaults to SELECT 1 and fails when fewer rows than results come back', async () => {
    expect(await runEntry('postgres', { connection: url })).toMatchObject({ pass: true });
    expect(await runEntry('postgres', { url, query: 'SELECT 1 WHERE false', results: 1 })).toMatchObject({
      pass: false,
      error: 'Query returned 0 rows, expected 1',
    });
  });

  it('fills $(username) and $(password) from resolved credentials', async () => {
    const u = new URL(url);
    const secrets = createStaticSecretResolver({
      secrets: { 'default/pg': { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } },
    });
    const templated = `postgres://$(username):$(password)@${u.host}${u.pathname}`;
    const r = await runEntry(
      'postgres',
      {
        url: templated,
        username: { valueFrom: { secretKeyRef: { name: 'pg', key: 'user' } } },
        password: { valueFrom: { secretKeyRef: { name: 'pg', key: 'pass' } } },
      },
      { secrets },
    );
    expect(r).toMatchObject({ pass: true });
  });

  it('uses a separate username and password when the URL has no user part', async () => {
    const u = new URL(url);
    const bare = `postgres://${u.host}${u.pathname}`;
    const r = await runEntry('postgres', {
      url: bare,
      username: { value: decodeURIComponent(u.username) },
      password: { value: decodeURIComponent(u.password) },
    });
    expect(r).toMatchObject({ pass: true });
  });

  it('fails with the database error for a bad query or an unreachable server', async () => {
    const bad = await runEntry('postgres', { url, query: 'SELECT * FROM no_such_table' });
    expect(bad).toMatchObject({ pass: false, error: 'postgres: relation "no_such_table" does not exist' });
    const down = await runEntry('postgres', { url: `postgres://x:y@127.0.0.1:${await closedPort()}/db` });
    expect(down.error).toMatch(/^postgres: connect ECONNREFUSED/);
  });
});
