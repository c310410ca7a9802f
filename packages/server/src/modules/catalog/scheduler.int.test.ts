// The scrape scheduler: a newly applied scraper runs at once by itself (jobs enabled), is recorded in job
// history, and is then scheduled for its next run by its schedule.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConfigItemRow } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, fileScraperYaml } from './catalog-test-helpers.js';

let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'scrape-sched-'));
  s = await startTestServer({ OPS_FILE_ROOTS: dir }); // file scrapers read only under OPS_FILE_ROOTS
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('scrape scheduler', () => {
  it('runs a new scraper by itself and schedules the next run', async () => {
    const file = path.join(dir, 'items.json');
    writeFileSync(file, JSON.stringify({ items: [{ id: 'x', name: 'scheduled-item' }] }));
    const id = await applyScraper(s, fileScraperYaml('scheduled', [file]));
    let rows: ConfigItemRow[] = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      rows = (await s.json<ConfigItemRow[]>(`/api/db/configs?scraper_id=eq.${id}`)).body;
    }
    expect(rows.map((r) => r.name)).toEqual(['scheduled-item']);
    const sched = await s.db.pool.query<{ next_run_at: Date; last_run_at: Date; schedule: string }>(
      `SELECT next_run_at, last_run_at, schedule FROM spec_schedules WHERE kind = 'scraper' AND resource_id = $1`,
      [id],
    );
    // Wait for the run to release its lease and move the schedule on.
    for (let i = 0; i < 50 && !sched.rows[0]?.last_run_at; i++) {
      await new Promise((r) => setTimeout(r, 200));
      sched.rows = (
        await s.db.pool.query(`SELECT next_run_at, last_run_at, schedule FROM spec_schedules WHERE kind = 'scraper' AND resource_id = $1`, [
          id,
        ])
      ).rows;
    }
    const row = sched.rows[0]!;
    expect(row.schedule).toBe('@every 24h');
    // The next run is a whole interval after the slot of this one; the run started a little after its slot.
    const gap = new Date(row.next_run_at).getTime() - new Date(row.last_run_at).getTime();
    expect(gap).toBeLessThanOrEqual(24 * 3600_000);
    expect(gap).toBeGreaterThan(24 * 3600_000 - 5_000);
    const hist = await s.json<{ status: string }[]>(`/api/db/job_history?resource_type=eq.config_scraper&resource_id=eq.${id}`);
    expect(hist.body.map((h) => h.status)).toEqual(['SUCCESS']);
  });
});
