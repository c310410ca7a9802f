// A ScrapeConfig's `retention`: changes by type (older than `age`, beyond the newest `count` per item),
// items by type (soft-delete after createdAge / updatedAge, purge deletedAge after deletion) and stale
// items (not scraped for staleItemAge). Ages are PostgreSQL intervals in milliseconds.
import type { Queryable } from './queryable.js';

export interface RetentionRules {
  changes: { name: string; ageMs?: number; count?: number }[];
  types: { name: string; createdAgeMs?: number; updatedAgeMs?: number; deletedAgeMs?: number }[];
  staleItemAgeMs?: number;
}

export interface RetentionCounts {
  changes_deleted: number;
  items_deleted: number;
  items_purged: number;
  stale_deleted: number;
}

const ms = (n: number) => `${Math.round(n)} milliseconds`;

/** Apply the rules to the scraper's items and their changes at `now`. */
export async function applyRetention(q: Queryable, scraperId: string, rules: RetentionRules, now: Date): Promise<RetentionCounts> {
  const out: RetentionCounts = { changes_deleted: 0, items_deleted: 0, items_purged: 0, stale_deleted: 0 };
  for (const c of rules.changes) {
    if (c.ageMs !== undefined) {
      const r = await q.query(
        `DELETE FROM config_changes cc USING config_items ci
         WHERE cc.config_id = ci.id AND ci.scraper_id = $1 AND cc.change_type = $2 AND cc.created_at < $3::timestamptz - $4::interval`,
        [scraperId, c.name, now, ms(c.ageMs)],
      );
      out.changes_deleted += r.rowCount ?? 0;
    }
    if (c.count !== undefined) {
      const r = await q.query(
        `DELETE FROM config_changes WHERE id IN (
           SELECT id FROM (
             SELECT cc.id, row_number() OVER (PARTITION BY cc.config_id ORDER BY cc.created_at DESC, cc.id DESC) AS n
             FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
             WHERE ci.scraper_id = $1 AND cc.change_type = $2) x
           WHERE x.n > $3)`,
        [scraperId, c.name, c.count],
      );
      out.changes_deleted += r.rowCount ?? 0;
    }
  }
  for (const t of rules.types) {
    const soft = async (column: string, ageMs: number | undefined, reason: string): Promise<void> => {
      if (ageMs === undefined) return;
      const r = await q.query(
        `UPDATE config_items SET deleted_at = $3, delete_reason = $5, updated_at = $3
         WHERE scraper_id = $1 AND type = $2 AND deleted_at IS NULL AND coalesce(${column}, created_at) < $3::timestamptz - $4::interval`,
        [scraperId, t.name, now, ms(ageMs), reason],
      );
      out.items_deleted += r.rowCount ?? 0;
    };
    await soft('created_at', t.createdAgeMs, 'retention: createdAge');
    await soft('updated_at', t.updatedAgeMs, 'retention: updatedAge');
    if (t.deletedAgeMs !== undefined) {
      const r = await q.query(
        `DELETE FROM config_items WHERE scraper_id = $1 AND type = $2 AND deleted_at < $3::timestamptz - $4::interval`,
        [scraperId, t.name, now, ms(t.deletedAgeMs)],
      );
      out.items_purged += r.rowCount ?? 0;
    }
  }
  if (rules.staleItemAgeMs !== undefined) {
    const r = await q.query(
      // A live item was seen by its scraper's last complete scrape too (ADR 0007).
      `UPDATE config_items SET deleted_at = $2, delete_reason = 'retention: staleItemAge', updated_at = $2
       WHERE scraper_id = $1 AND deleted_at IS NULL
         AND coalesce(greatest(last_scraped_time, (SELECT scraped_at FROM config_scraper_complete_scrapes WHERE scraper_id = $1)),
                      created_at) < $2::timestamptz - $3::interval`,
      [scraperId, now, ms(rules.staleItemAgeMs)],
    );
    out.stale_deleted += r.rowCount ?? 0;
  }
  return out;
}
