// Runs against Debian's redis-server (started on a free port by the peer); CI installs redis-server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startRedis, type RedisPeer } from '../../../../../test/peers/redis-server.js';
import { closedPort } from '../../../../../test/peers/tcp-listener.js';
import { createStaticSecretResolver } from '../../values/secrets.js';

let redis: RedisPeer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

describe('redis check', () => {
  it('authenticates, selects the db and expects PONG; INFO is exposed', async () => {
    const secrets = createStaticSecretResolver({ secrets: { 'default/redis': { password: redis.password } } });
    const r = await runEntry(
      'redis',
      { addr: `127.0.0.1:${redis.port}`, db: 2, password: { valueFrom: { secretKeyRef: { name: 'redis', key: 'password' } } } },
      { secrets },
    );
    expect(r).toMatchObject({ pass: true });
    expect((r.detail as { info: Record<string, string> }).info.redis_version).toMatch(/^\d+\.\d+/);
  });

  it('accepts a redis:// URL with credentials', async () => {
    expect(await runEntry('redis', { url: `redis://:${redis.password}@127.0.0.1:${redis.port}/1` })).toMatchObject({ pass: true });
  });

  it('fails with the server error for a wrong password and when nothing listens', async () => {
    const wrong = await runEntry('redis', { addr: `127.0.0.1:${redis.port}`, password: { value: 'nope' } });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toMatch(/^redis: (WRONGPASS|ERR)/);
    const down = await runEntry('redis', { addr: `127.0.0.1:${await closedPort()}` });
    expect(down.error).toMatch(/^redis: connect ECONNREFUSED/);
  });
});
