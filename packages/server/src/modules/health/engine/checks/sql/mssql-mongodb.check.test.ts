// No SQL Server or MongoDB can run here (neither is packaged in Debian), so these run the real
// drivers against a closed loopback port and check the exact connection error, plus validation.
import { describe, expect, it } from 'vitest';
import { checkOf, runEntry } from '../../../../../test/peers/canary-helpers.js';
import { closedPort } from '../../../../../test/peers/tcp-listener.js';
import { createStaticSecretResolver } from '../../values/secrets.js';
import { isProbeResult, loadDriver } from './load-driver.js';

describe('mssql check', () => {
  it('fails with the driver error when nothing listens (ADO string with secrets, and sqlserver:// URL)', async () => {
    const port = await closedPort();
    const secrets = createStaticSecretResolver({ secrets: { 'default/mssql': { USER: 'sa', PASS: 'S3cret' } } });
    const ado = await runEntry(
      'mssql',
      {
        url: `server=127.0.0.1;user id=$(username);password=$(password);port=${port};database=master`,
        username: { valueFrom: { secretKeyRef: { name: 'mssql', key: 'USER' } } },
        password: { valueFrom: { secretKeyRef: { name: 'mssql', key: 'PASS' } } },
        query: 'SELECT 1',
        results: 1,
      },
      { secrets },
    );
    const refused = `mssql: Failed to connect to 127.0.0.1:${port} - connect ECONNREFUSED 127.0.0.1:${port}`;
    expect(ado).toMatchObject({ pass: false, error: refused, detail: { rows: [], count: 0 } });
    expect(await runEntry('mssql', { url: `sqlserver://sa:x@127.0.0.1:${port}?database=master` })).toMatchObject({
      pass: false,
      error: refused,
    });
  });

  it('reports a bad connection string as invalid and masks the password in the endpoint', async () => {
    expect(await runEntry('mssql', { url: 'user id=sa;password=x' })).toMatchObject({
      invalid: true,
      error: 'mssql: the connection string names no server (server=host[,port])',
    });
    expect(checkOf('mssql', { url: 'server=h;user id=sa;Password=x;database=d' }).endpoint).toBe(
      'server=h;user id=sa;Password=••••••;database=d',
    );
  });
});

describe('mongodb check', () => {
  it('fails with the driver error when nothing listens; credentials may come from auth (older specs)', async () => {
    const port = await closedPort();
    const r = await runEntry(
      'mongodb',
      {
        connection: `mongodb://$(username):$(password)@127.0.0.1:${port}/?authSource=admin&directConnection=true`,
        auth: { username: { value: 'u' }, password: { value: 'p' } },
      },
      { timeoutMs: 1500 },
    );
    expect(r).toMatchObject({ pass: false, error: `mongodb: connect ECONNREFUSED 127.0.0.1:${port}` });
  });

  it('reports a URL that is not mongodb:// or that the driver rejects as invalid', async () => {
    expect(await runEntry('mongodb', { url: 'http://127.0.0.1:27017' })).toMatchObject({
      invalid: true,
      error: 'mongodb: the url must start with mongodb:// or mongodb+srv://',
    });
    expect(await runEntry('mongodb', { url: 'mongodb://127.0.0.1:27017/?directConnection=maybe' })).toMatchObject({
      invalid: true,
      error: expect.stringMatching(/^mongodb: .*directConnection/),
    });
    expect(checkOf('mongodb', { url: 'mongodb://admin:s3cret@h:27017/' }).endpoint).toBe('mongodb://admin:###@h:27017/');
  });
});

describe('loadDriver', () => {
  it('turns a driver that cannot load into an invalid result, never a pass', async () => {
    const r = await loadDriver('mysql', 'mysql2', () => import(['no-such', 'driver-package'].join('-')));
    expect(isProbeResult(r) && r).toMatchObject({
      pass: false,
      invalid: true,
      error: expect.stringMatching(/^mysql checks cannot run here: the mysql2 driver did not load \(/),
    });
  });
});
