// Connections as checks and scrapers resolve them, kept for a few seconds per server. A check run resolves
// its connection every time; without this each run pays a database round trip and the decryption (about
// 1.8 ms p50 in bench/RESULTS.md) on top of the probe. Writes through this server forget at once; a write
// made on another replica is seen here within CONNECTION_CACHE_TTL_MS.

export const CONNECTION_CACHE_TTL_MS = 5_000;

type Entry<T> = { at: number; value: Promise<T | undefined> };

/** namespace/name → the decrypted connection (or its absence), with when it was read. */
export class ConnectionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs = CONNECTION_CACHE_TTL_MS) {}

  /** The cached connection, else `load`'s; a failed load is not kept, so the next use tries again. */
  get(ref: { namespace: string; name: string }, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const key = `${ref.namespace}/${ref.name}`;
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = load();
    const entry = { at: Date.now(), value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forget everything (a connection was created, edited, renamed or deleted). */
  clear(): void {
    // Loads in flight are dropped with their entries, so what they read before the write is not kept.
    this.entries.clear();
  }
}

// One cache per server: the AppContext's database handle identifies it.
const caches = new WeakMap<object, ConnectionCache<unknown>>();

/** The cache of the server owning `db`. */
export function connectionCacheFor<T>(db: object): ConnectionCache<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ConnectionCache();
    caches.set(db, cache);
  }
  return cache as ConnectionCache<T>;
}
