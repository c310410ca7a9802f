/** A small bounded map whose entries expire; used to avoid re-hashing credentials on every request. */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  // Bumped by every delete/clear: a value read from the database before a revocation must not be cached after it.
  private epoch = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** A token to pass to `set`: taken before a database read, it keeps a revoked value out of the cache. */
  mark(): number {
    return this.epoch;
  }

  /** Cache a value, unless something was deleted or cleared since `mark` (when given) was taken. */
  set(key: string, value: V, mark?: number): void {
    if (mark !== undefined && mark !== this.epoch) return;
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.epoch++;
    this.map.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.map.clear();
  }
}
