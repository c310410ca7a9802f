// Parsed canaries of the runs this process makes, kept per schedule version so a changed canary is
// parsed once after each sync rather than on every run.
import type { Db } from '../../db/pool.js';
import type { ParsedCanary } from './engine/index.js';
import { canaryById, liveCheckIds, type CheckIds } from './canary.repository.js';
import { parseCanaryRow } from './canary-sync.js';

/** What a run needs: the parsed canary, its check ids by identity and its agent. */
export interface LoadedCanary {
  id: string;
  version: number;
  agentId: string;
  parsed: ParsedCanary;
  checkIds: CheckIds;
}

/** Parsed canaries by id, valid for one schedule version each. */
export class CanaryCache {
  private readonly entries = new Map<string, LoadedCanary>();

  constructor(private readonly db: Db) {}

  /** The canary as of schedule `version`; undefined when it is gone. Throws when its spec no longer parses. */
  async get(canaryId: string, version: number): Promise<LoadedCanary | undefined> {
    const hit = this.entries.get(canaryId);
    if (hit && hit.version === version) return hit;
    const row = await canaryById(this.db.kysely, canaryId);
    if (!row || row.deleted_at) {
      this.entries.delete(canaryId);
      return undefined;
    }
    const loaded: LoadedCanary = {
      id: canaryId,
      version,
      agentId: row.agent_id,
      parsed: parseCanaryRow(row),
      checkIds: await liveCheckIds(this.db.kysely, canaryId),
    };
    this.entries.set(canaryId, loaded);
    return loaded;
  }

  /** Drop a canary (changed or deleted): the next run parses it again. */
  forget(canaryId: string): void {
    this.entries.delete(canaryId);
  }

  /** How many canaries are cached (bench figures). */
  get size(): number {
    return this.entries.size;
  }
}
