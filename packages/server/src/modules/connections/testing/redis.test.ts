// Redis connection test against Debian's redis-server with requirepass, on a free loopback port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisPeer } from '../../../test/peers/redis-server.js';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { testConnection, type DecryptedConnection } from './index.js';

const WRONG = 'wrong-secret-Zq81';
const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (fields: Partial<DecryptedConnection>): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'redis-test',
  namespace: 'default',
  type: 'redis',
  insecure_tls: false,
  properties: {},
  ...fields,
});

let redis: RedisPeer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

describe('redis connection test', () => {
  it('authenticates, selects properties.db and gets PONG (host:port and redis:// URL)', async () => {
    await expect(
      testConnection(conn({ url: `127.0.0.1:${redis.port}`, password: redis.password, properties: { db: '3' } }), opts()),
    ).resolves.toBeUndefined();
    await expect(testConnection(conn({ url: `redis://:${redis.password}@127.0.0.1:${redis.port}/1` }), opts())).resolves.toBeUndefined();
  });

  it('names a wrong password without it, a database that does not exist, and a refused port', async () => {
    const wrong = await testConnection(conn({ url: `127.0.0.1:${redis.port}`, password: WRONG }), opts()).catch((e: Error) => e);
    expect((wrong as Error).message).toMatch(/^redis: (WRONGPASS|ERR)/);
    expect((wrong as Error).message).not.toContain(WRONG);
    const badDb = await testConnection(
      conn({ url: `127.0.0.1:${redis.port}`, password: redis.password, properties: { db: '99' } }),
      opts(),
    ).catch((e: Error) => e);
    expect((badDb as Error).message).toMatch(/^redis: ERR DB index is out of range/);
    const port = await closedPort();
    const down = await testConnection(conn({ url: `127.0.0.1:${port}`, password: WRONG }), opts()).catch((e: Error) => e);
    expect((down as Error).message).toMatch(/^redis: connect ECONNREFUSED/);
    const notNumber = await testConnection(conn({ url: `127.0.0.1:${port}`, properties: { db: 'two' } }), opts()).catch((e: Error) => e);
    expect((notNumber as Error).message).toBe('redis: db "two" is not a database number');
  });
});
