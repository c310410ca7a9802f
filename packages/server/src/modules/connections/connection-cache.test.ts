import { describe, expect, it, vi } from 'vitest';
import { ConnectionCache } from './connection-cache.js';
import type { DecryptedConnection } from './connection-use.js';

const conn = (name: string): DecryptedConnection => ({
  id: name,
  name,
  namespace: 'default',
  type: 'postgres',
  insecure_tls: false,
  properties: {},
});
const ref = { namespace: 'default', name: 'db' };

describe('ConnectionCache', () => {
  it('answers from memory within the TTL, reads again after it or after clear', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ConnectionCache<DecryptedConnection>(1000);
      const load = vi.fn(async () => conn('db'));
      await cache.get(ref, load);
      await cache.get(ref, load);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await cache.get(ref, load);
      expect(load).toHaveBeenCalledTimes(2);
      cache.clear();
      await cache.get(ref, load);
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an absence (a missing connection) but never a failed load', async () => {
    const cache = new ConnectionCache<DecryptedConnection>(60_000);
    const missing = vi.fn(async () => undefined);
    await cache.get(ref, missing);
    await cache.get(ref, missing);
    expect(missing).toHaveBeenCalledTimes(1);
    cache.clear();
    const failing = vi.fn(async (): Promise<DecryptedConnection> => {
      throw new Error('cannot decrypt');
    });
    await expect(cache.get(ref, failing)).rejects.toThrow('cannot decrypt');
    await expect(cache.get(ref, failing)).rejects.toThrow('cannot decrypt');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('drops what a load read while a write cleared the cache', async () => {
    const cache = new ConnectionCache<DecryptedConnection>(60_000);
    let finish!: (c: DecryptedConnection) => void;
    const slow = cache.get(ref, () => new Promise((resolve) => (finish = resolve)));
    cache.clear(); // a write lands while the read is in flight
    finish(conn('old'));
    expect((await slow)?.id).toBe('old');
    await Promise.resolve();
    const fresh = vi.fn(async () => conn('new'));
    expect((await cache.get(ref, fresh))?.id).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });
});
