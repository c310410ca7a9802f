// A ScrapeConfig's retention on a real database: changes by age and count, items by type (created, updated and
// deleted age) and stale items, where an item counts as seen by its scraper's last complete scrape while it is
// live (ADR 0007). Every rule is checked against the rows this test wrote, and only the scraper's own rows go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { applyRetention } from './retention.repository.js';

const DAY = 86_400_000;
const now = new Date('2026-06-15T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

async function scraper(name: string): Promise<string> {
  const r = await s.db.pool.query<{ id: string }>(
    `INSERT INTO config_scrapers (name, spec, source) VALUES ($1, '{}', 'test') RETURNING id`,
    [name],
  );
  return r.rows[0]!.id;
}

interface ItemSpec {
  name: string;
  type?: string;
  created?: number;
  updated?: number;
  scraped?: number;
  deleted?: number;
}

/** Items of `scraperId` with times given in days before `now`; returns their ids by name. */
async function items(scraperId: string, specs: ItemSpec[]): Promise<Map<string, string>> {
  const r = await s.db.pool.query<{ id: string; name: string }>(
    `INSERT INTO config_items (scraper_id, type, name, external_id, created_at, updated_at, last_scraped_time, deleted_at)
     SELECT $1, x.type, x.name, ARRAY[x.name], x.created, x.updated, x.scraped, x.deleted
     FROM jsonb_to_recordset($2) AS x(name text, type text, created timestamptz, updated timestamptz, scraped timestamptz, deleted timestamptz)
     RETURNING id, name`,
    [
      scraperId,
      JSON.stringify(
        specs.map((x) => ({
          name: x.name,
          type: x.type ?? 'Test::Kept',
          created: ago(x.created ?? 100),
          updated: x.updated === undefined ? null : ago(x.updated),
          scraped: x.scraped === undefined ? null : ago(x.scraped),
          deleted: x.deleted === undefined ? null : ago(x.deleted),
        })),
      ),
    ],
  );
  return new Map(r.rows.map((x) => [x.name, x.id]));
}

async function state(ids: Map<string, string>): Promise<Record<string, string>> {
  const r = await s.db.pool.query<{ name: string; deleted_at: Date | null; delete_reason: string | null }>(
    'SELECT name, deleted_at, delete_reason FROM config_items WHERE id = ANY($1::uuid[])',
    [[...ids.values()]],
  );
  const out: Record<string, string> = {};
  for (const name of ids.keys()) {
    const row = r.rows.find((x) => x.name === name);
    out[name] = !row ? 'purged' : row.deleted_at ? (row.delete_reason ?? 'deleted') : 'live';
  }
  return out;
}

describe('catalogue retention', () => {
  it('deletes changes by age and keeps the newest per item by count, only for the named type and scraper', async () => {
    const mine = await scraper('retention-changes');
    const other = await scraper('retention-changes-other');
    const a = await items(mine, [{ name: 'a' }, { name: 'b' }]);
    const o = await items(other, [{ name: 'o' }]);
    const change = (config_id: string, change_type: string, days: number) => ({ config_id, change_type, at: ago(days) });
    await s.db.pool.query(
      `INSERT INTO config_changes (config_id, change_type, severity, created_at, first_observed)
       SELECT x.config_id, x.change_type, 'info', x.at, x.at FROM jsonb_to_recordset($1) AS x(config_id uuid, change_type text, at timestamptz)`,
      [
        JSON.stringify([
          ...[1, 5, 20, 40].map((d) => change(a.get('a')!, 'diff', d)),
          ...[2, 3, 50].map((d) => change(a.get('b')!, 'diff', d)),
          ...[1, 45].map((d) => change(a.get('a')!, 'Pulled', d)),
          ...[45].map((d) => change(o.get('o')!, 'diff', d)),
        ]),
      ],
    );
    const counts = await applyRetention(
      s.db.pool,
      mine,
      { changes: [{ name: 'diff', ageMs: 30 * DAY, count: 2 }], types: [], staleItemAgeMs: undefined },
      now,
    );
    const left = await s.db.pool.query<{ config_id: string; change_type: string; age: number }>(
      `SELECT config_id, change_type, round(extract(epoch FROM $1::timestamptz - created_at) / 86400)::int AS age
       FROM config_changes ORDER BY config_id, change_type, created_at DESC`,
      [now],
    );
    const of = (id: string, type: string) => left.rows.filter((r) => r.config_id === id && r.change_type === type).map((r) => r.age);
    // a: 40 d by age, then 20 d beyond the newest two; b: 50 d by age; Pulled and the other scraper untouched.
    expect(of(a.get('a')!, 'diff')).toEqual([1, 5]);
    expect(of(a.get('b')!, 'diff')).toEqual([2, 3]);
    expect(of(a.get('a')!, 'Pulled')).toEqual([1, 45]);
    expect(of(o.get('o')!, 'diff')).toEqual([45]);
    expect(counts.changes_deleted).toBe(3);
  });

  it('soft-deletes items by created and updated age and purges items deleted long enough ago, by type', async () => {
    const mine = await scraper('retention-types');
    const ids = await items(mine, [
      { name: 'old-created', type: 'Test::Aged', created: 40 },
      { name: 'young-created', type: 'Test::Aged', created: 5 },
      { name: 'old-updated', type: 'Test::Touched', created: 100, updated: 20 },
      { name: 'fresh-updated', type: 'Test::Touched', created: 100, updated: 2 },
      { name: 'never-updated', type: 'Test::Touched', created: 100 },
      { name: 'long-deleted', type: 'Test::Gone', deleted: 40 },
      { name: 'just-deleted', type: 'Test::Gone', deleted: 3 },
      { name: 'other-type', type: 'Test::Kept', created: 400 },
    ]);
    const counts = await applyRetention(
      s.db.pool,
      mine,
      {
        changes: [],
        types: [
          { name: 'Test::Aged', createdAgeMs: 30 * DAY },
          { name: 'Test::Touched', updatedAgeMs: 10 * DAY },
          { name: 'Test::Gone', deletedAgeMs: 30 * DAY },
        ],
      },
      now,
    );
    expect(await state(ids)).toEqual({
      'old-created': 'retention: createdAge',
      'young-created': 'live',
      'old-updated': 'retention: updatedAge',
      'fresh-updated': 'live',
      // Never updated: its creation time stands in.
      'never-updated': 'retention: updatedAge',
      'long-deleted': 'purged',
      'just-deleted': 'deleted',
      'other-type': 'live',
    });
    expect(counts).toMatchObject({ items_deleted: 3, items_purged: 1 });
  });

  it("deletes stale items by their last scrape, counting the scraper's last complete scrape for live items", async () => {
    const mine = await scraper('retention-stale');
    const partial = await scraper('retention-stale-partial');
    const ids = await items(mine, [
      { name: 'seen-by-complete', scraped: 30 },
      { name: 'scraped-recently', scraped: 1 },
    ]);
    const partialIds = await items(partial, [
      { name: 'stale', scraped: 30 },
      { name: 'never-scraped-old', created: 30 },
      { name: 'never-scraped-new', created: 1 },
    ]);
    // The first scraper's last complete scrape two days ago saw every item it still has live.
    await s.db.pool.query('INSERT INTO config_scraper_complete_scrapes (scraper_id, scraped_at) VALUES ($1, $2)', [mine, ago(2)]);
    const rules = { changes: [], types: [], staleItemAgeMs: 7 * DAY };
    const counts = await applyRetention(s.db.pool, mine, rules, now);
    const partialCounts = await applyRetention(s.db.pool, partial, rules, now);
    expect(await state(ids)).toEqual({ 'seen-by-complete': 'live', 'scraped-recently': 'live' });
    expect(await state(partialIds)).toEqual({
      stale: 'retention: staleItemAge',
      'never-scraped-old': 'retention: staleItemAge',
      'never-scraped-new': 'live',
    });
    expect([counts.stale_deleted, partialCounts.stale_deleted]).toEqual([0, 2]);
    // Nine days later the complete scrape is stale too.
    const later = await applyRetention(s.db.pool, mine, rules, new Date(now.getTime() + 9 * DAY));
    expect(later.stale_deleted).toBe(2);
  });
});
