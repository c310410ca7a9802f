// /settings/scrapers reads config_scrapers_with_status: besides the status, start and scrape summary of the latest
// run it names the run and lists its errors (0029), and Last Failed keeps the newest failure after a good run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, fileScraperYaml, runNow } from './catalog-test-helpers.js';

let s: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'scrapers-status-'));
  s = await startTestServer({ OPS_JOBS: 'false', OPS_FILE_ROOTS: dir });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Row {
  job_name: string | null;
  job_status: string | null;
  job_errors: string[] | null;
  job_details: { scraped?: number } | null;
  job_last_failed: string | null;
  created_by: { id: string } | null;
}

describe('config_scrapers_with_status for the settings list', () => {
  it('names the latest run and lists its errors; Last Failed stays after a good run', async () => {
    const file = path.join(dir, 'items.json');
    const id = await applyScraper(s, fileScraperYaml('status-list', [file]));
    const row = async () =>
      (
        await s.json<Row[]>(
          `/api/db/config_scrapers_with_status?id=eq.${id}&select=job_name,job_status,job_errors,job_details,job_last_failed,created_by(id)`,
        )
      ).body[0]!;

    writeFileSync(file, '{ not json');
    const bad = await runNow(s, id);
    expect(bad.summary.status).toBe('FAILED');
    const failed = await row();
    expect(failed).toMatchObject({ job_name: 'scraper', job_status: 'FAILED', created_by: { id: s.ids.admin } });
    expect(failed.job_errors?.length).toBeGreaterThan(0);
    expect(failed.job_last_failed).not.toBeNull();

    writeFileSync(file, JSON.stringify({ items: [{ id: 'a', name: 'alpha' }] }));
    await runNow(s, id);
    const good = await row();
    expect(good).toMatchObject({ job_name: 'scraper', job_status: 'SUCCESS', job_errors: [], job_details: { scraped: 1 } });
    expect(good.job_last_failed).toBe(failed.job_last_failed);
  });
});
