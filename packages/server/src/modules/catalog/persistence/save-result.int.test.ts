// The scrape writer over several batches (500 items each), whose rows are written while the next batch is
// hashed: figures across batches, a failed write that reports its own error and leaves nothing behind, and
// the two fingerprints (the text hash settles an item sent as before, the canonical hash any other).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import type { ScrapeResult, ScrapedConfig } from '../engine/index.js';
import { ExtractionOutput } from '../engine/pipeline/output.js';
import { toScrapeResult } from '../engine/pipeline/result.js';
import { saveScrapeResult } from './save-result.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const item = (i: number, color: string, createdAt?: string): ScrapedConfig => ({
  id: `item-${i}`,
  external_id: [`item-${i}`],
  name: `item-${i}`,
  type: 'Test::Item',
  config_class: 'Item',
  config: { color, i },
  format: 'json',
  labels: {},
  tags: {},
  properties: [],
  scraper: 'file[0]',
  created_at: createdAt,
});

/** A complete result of `configs`, built as the engine builds its own. */
function result(configs: ScrapedConfig[]): ScrapeResult {
  const out = new ExtractionOutput();
  out.configs.push(...configs);
  const now = new Date().toISOString();
  return toScrapeResult(out, true, now, now);
}

async function newScraper(): Promise<string> {
  const res = await s.db.pool.query<{ id: string }>("INSERT INTO config_scrapers (name, source) VALUES ($1, 'test') RETURNING id", [
    randomUUID(),
  ]);
  return res.rows[0]!.id;
}

const save = (scraperId: string, configs: ScrapedConfig[]) =>
  saveScrapeResult(s.db.pool, { scraperId, agentId: '00000000-0000-0000-0000-000000000000', spec: {} }, result(configs));

const N = 1_700;

describe('saveScrapeResult over several batches', () => {
  it('counts created, updated and unchanged items and writes one diff per changed item', async () => {
    const scraper = await newScraper();
    const first = await save(
      scraper,
      Array.from({ length: N }, (_, i) => item(i, 'red')),
    );
    expect(first).toMatchObject({ created: N, updated: 0, unchanged: 0, changes: N });
    const again = await save(
      scraper,
      Array.from({ length: N }, (_, i) => item(i, i % 7 === 0 ? 'blue' : 'red')),
    );
    const changed = Math.ceil(N / 7);
    expect(again).toMatchObject({ created: 0, updated: changed, unchanged: N - changed, changes: changed, deleted: 0 });
    const diffs = await s.db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM config_changes c JOIN config_items ci ON ci.id = c.config_id
       WHERE ci.scraper_id = $1 AND c.change_type = 'diff'`,
      [scraper],
    );
    expect(Number(diffs.rows[0]!.n)).toBe(changed);
  });

  it('reports the failed write of an earlier batch and leaves nothing of that save written', async () => {
    const scraper = await newScraper();
    await save(
      scraper,
      Array.from({ length: N }, (_, i) => item(i, 'red')),
    );
    // Item 3's row (first batch) cannot be written; item 600 (second batch) changed, so its body is read after.
    const next = Array.from({ length: N }, (_, i) =>
      i === 3 ? item(i, 'blue', 'not a time') : i === 600 ? item(i, 'blue') : item(i, 'red'),
    );
    await expect(save(scraper, next)).rejects.toThrow(/timestamp/);
    const stored = await s.db.pool.query<{ color: string }>(
      "SELECT config->>'color' AS color FROM config_items WHERE scraper_id = $1 AND name IN ('item-3', 'item-600')",
      [scraper],
    );
    expect(stored.rows.map((r) => r.color)).toEqual(['red', 'red']);
    const diffs = await s.db.pool.query(
      "SELECT 1 FROM config_changes c JOIN config_items ci ON ci.id = c.config_id WHERE ci.scraper_id = $1 AND c.change_type = 'diff'",
      [scraper],
    );
    expect(diffs.rows).toHaveLength(0);
  });

  it('takes an item sent in another key order, or without a stored text hash, as unchanged and stores its text hash', async () => {
    const scraper = await newScraper();
    const n = 600;
    const hashes = async () =>
      (
        await s.db.pool.query<{ name: string; config_hash: string; scraped_text_hash: string | null; deleted_at: Date | null }>(
          'SELECT name, config_hash, scraped_text_hash, deleted_at FROM config_items WHERE scraper_id = $1 ORDER BY name',
          [scraper],
        )
      ).rows;
    const reordered = (i: number) => ({ ...item(i, 'red'), config: { i, color: 'red' } });
    await save(
      scraper,
      Array.from({ length: n }, (_, i) => item(i, 'red')),
    );
    const before = await hashes();
    expect(before.every((r) => r.scraped_text_hash && r.config_hash)).toBe(true);

    const again = await save(
      scraper,
      Array.from({ length: n }, (_, i) => reordered(i)),
    );
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: n, changes: 0 });
    const after = await hashes();
    expect(after.map((r) => r.config_hash)).toEqual(before.map((r) => r.config_hash));
    after.forEach((r, i) => expect(r.scraped_text_hash).not.toBe(before[i]!.scraped_text_hash));

    // As after migration 0013: no text hash stored yet.
    await s.db.pool.query('UPDATE config_items SET scraped_text_hash = NULL WHERE scraper_id = $1', [scraper]);
    expect(
      await save(
        scraper,
        Array.from({ length: n }, (_, i) => reordered(i)),
      ),
    ).toMatchObject({ unchanged: n, changes: 0 });
    expect((await hashes()).map((r) => r.scraped_text_hash)).toEqual(after.map((r) => r.scraped_text_hash));

    // An item the scraper no longer saw comes back as the same text: it is live again, not unchanged.
    const without5 = Array.from({ length: n }, (_, i) => reordered(i)).filter((c) => c.id !== 'item-5');
    expect(await save(scraper, without5)).toMatchObject({ deleted: 1 });
    expect(
      await save(
        scraper,
        Array.from({ length: n }, (_, i) => reordered(i)),
      ),
    ).toMatchObject({ updated: 1, unchanged: n - 1 });
    expect((await hashes()).every((r) => r.deleted_at === null)).toBe(true);
  });

  it('keeps the author of reported changes (external_created_by, or created_by) and filters on it as shown', async () => {
    const scraper = await newScraper();
    const out = new ExtractionOutput();
    out.configs.push(item(9_001, 'blue'));
    const change = (id: string, author: Record<string, string>) => ({
      external_id: 'item-9001',
      config_type: 'Test::Item',
      external_change_id: id,
      change_type: 'Deployed',
      ...author,
    });
    out.changes.push(change('by-alice', { external_created_by: 'alice@example.com' }), change('by-bob', { created_by: 'bob' }));
    const now = new Date().toISOString();
    await saveScrapeResult(
      s.db.pool,
      { scraperId: scraper, agentId: '00000000-0000-0000-0000-000000000000', spec: {} },
      toScrapeResult(out, true, now, now),
    );
    const stored = await s.db.pool.query<{ external_change_id: string; external_created_by: string }>(
      "SELECT external_change_id, external_created_by FROM config_changes WHERE external_change_id IN ('by-alice', 'by-bob') ORDER BY 1",
    );
    expect(stored.rows).toEqual([
      { external_change_id: 'by-alice', external_created_by: 'alice@example.com' },
      { external_change_id: 'by-bob', external_created_by: 'bob' },
    ]);
    const res = await s.json<{ total: number; changes: { external_created_by: string }[] }>('/api/catalog/changes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ created_by: 'alice@example.com', from: 'now-1d' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.changes.map((c) => c.external_created_by)).toEqual(['alice@example.com']);
  });

  it('reports nothing updated or deleted when an item the source marks deleted is scraped again unchanged', async () => {
    const scraper = await newScraper();
    const gone = { ...item(9_100, 'grey'), deleted_at: '2026-11-01T00:00:00Z' };
    const first = await save(scraper, [item(9_101, 'green'), gone]);
    expect(first).toMatchObject({ created: 2, deleted: 1 });
    const again = await save(scraper, [item(9_101, 'green'), { ...gone }]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, deleted: 0, changes: 0 });
    const row = await s.db.pool.query<{ deleted_at: Date | null }>("SELECT deleted_at FROM config_items WHERE name = 'item-9100'");
    expect(row.rows[0]!.deleted_at?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
