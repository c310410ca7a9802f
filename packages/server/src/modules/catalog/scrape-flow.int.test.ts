// Scrape, change the source, scrape again: one change with the right patch; a scrape that fails half-way
// deletes nothing; a complete one deletes what disappeared; repeats are counted; retention applies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogChangesResponse, ConfigChangeRow, ConfigItemRow, ConfigScraperWithStatusRow } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, fileScraperYaml, postJson, runNow } from './catalog-test-helpers.js';

let s: TestServer;
let dir: string;
const file = () => path.join(dir, 'items.json');
const broken = () => path.join(dir, 'broken.json');
const write = (items: { id: string; name: string; color: string }[]) => writeFileSync(file(), JSON.stringify({ items }));
const items3 = [
  { id: 'a', name: 'alpha', color: 'red' },
  { id: 'b', name: 'beta', color: 'green' },
  { id: 'c', name: 'gamma', color: 'blue' },
];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'scrape-flow-'));
  s = await startTestServer({ OPS_JOBS: 'false', OPS_FILE_ROOTS: dir }); // file scrapers read only under OPS_FILE_ROOTS
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const items = async (scraperId: string) =>
  (await s.json<ConfigItemRow[]>(`/api/db/configs?scraper_id=eq.${scraperId}&order=name.asc`, { as: 'viewer' })).body;
const changesOf = async (configId: string, type: string) =>
  (await s.json<ConfigChangeRow[]>(`/api/db/config_changes?config_id=eq.${configId}&change_type=eq.${type}`, { as: 'viewer' })).body;

describe('scrape → change → scrape', () => {
  it('stores items with CREATE changes, then one diff change with the right patch', async () => {
    write(items3);
    const id = await applyScraper(s, fileScraperYaml('flow', [file()]));
    const first = await runNow(s, id);
    expect(first.summary).toMatchObject({ status: 'SUCCESS', complete: true, scraped: 3, created: 3, changes: 3 });
    const stored = await items(id);
    expect(stored.map((i) => [i.name, i.type, i.config_class, i.deleted_at])).toEqual([
      ['alpha', 'Test::Item', 'Item', null],
      ['beta', 'Test::Item', 'Item', null],
      ['gamma', 'Test::Item', 'Item', null],
    ]);
    expect(stored.every((i) => i.changes === 1)).toBe(true);

    write([items3[0]!, { ...items3[1]!, color: 'yellow' }, items3[2]!]);
    const second = await runNow(s, id);
    expect(second.summary).toMatchObject({ scraped: 3, created: 0, updated: 1, unchanged: 2, changes: 1, deleted: 0 });
    const beta = stored.find((i) => i.name === 'beta')!;
    const diffs = await changesOf(beta.id, 'diff');
    expect(diffs).toHaveLength(1);
    expect(diffs[0]!.patches).toEqual([{ op: 'replace', path: '/color', value: 'yellow' }]);
    expect(diffs[0]!.diff).toContain('-  "color": "green"');
    expect(diffs[0]!.diff).toContain('+  "color": "yellow"');
    expect(diffs[0]!.count).toBe(1);
    const detail = await s.json<{ config: unknown; summary: { changes: number } }[]>(`/api/db/config_detail?id=eq.${beta.id}`, {
      as: 'viewer',
    });
    expect(detail.body[0]!.config).toEqual({ id: 'b', name: 'beta', color: 'yellow' });
    expect(detail.body[0]!.summary.changes).toBe(2);

    // The same change again (back and forth) within the window is counted, not stored twice.
    write(items3);
    await runNow(s, id);
    write([items3[0]!, { ...items3[1]!, color: 'yellow' }, items3[2]!]);
    const again = await runNow(s, id);
    expect(again.summary.changes_deduped).toBe(1);
    const repeated = (await changesOf(beta.id, 'diff')).find((c) => JSON.stringify(c.patches).includes('yellow'))!;
    expect(repeated.count).toBe(2);
    expect(new Date(repeated.created_at).getTime()).toBeGreaterThan(new Date(repeated.first_observed).getTime());
  });

  it('deletes nothing when the scrape fails half-way, and deletes what disappeared after a complete one', async () => {
    write(items3);
    writeFileSync(broken(), '{"items": [ this is not json');
    const id = await applyScraper(s, fileScraperYaml('partial', [file(), broken()]));
    const first = await runNow(s, id);
    expect(first.summary.complete).toBe(false);
    expect(first.summary.status).toBe('WARNING');
    expect(first.summary.errors.join('\n')).toContain('broken.json');
    expect((await items(id)).map((i) => i.name)).toEqual(['alpha', 'beta', 'gamma']);

    write([items3[0]!]);
    const partial = await runNow(s, id);
    expect(partial.summary).toMatchObject({ complete: false, deleted: 0 });
    expect((await items(id)).filter((i) => !i.deleted_at)).toHaveLength(3);

    writeFileSync(broken(), JSON.stringify({ items: [] }));
    const complete = await runNow(s, id);
    expect(complete.summary).toMatchObject({ complete: true, deleted: 2 });
    const after = await items(id);
    expect(after.filter((i) => i.deleted_at).map((i) => i.name)).toEqual(['beta', 'gamma']);
    const gamma = after.find((i) => i.name === 'gamma')!;
    expect((await changesOf(gamma.id, 'DELETE')).length).toBe(1);

    // Seen again: the item comes back with its id.
    write(items3);
    await runNow(s, id);
    const back = await items(id);
    expect(back.find((i) => i.name === 'gamma')).toMatchObject({ id: gamma.id, deleted_at: null });
  });

  it('shows when each item was last scraped without rewriting unchanged items after a complete scrape', async () => {
    const seenFile = path.join(dir, 'seen.json');
    const extraFile = path.join(dir, 'seen-extra.json');
    writeFileSync(seenFile, JSON.stringify({ items: items3 }));
    writeFileSync(extraFile, JSON.stringify({ items: [] }));
    const id = await applyScraper(s, fileScraperYaml('seen', [seenFile, extraFile]));
    const times = async () => new Map((await items(id)).map((i) => [i.name, i.last_scraped_time]));
    const raw = async () =>
      new Map(
        (
          await s.json<ConfigItemRow[]>(`/api/db/config_items?select=name,last_scraped_time&scraper_id=eq.${id}`, { as: 'viewer' })
        ).body.map((i) => [i.name, i.last_scraped_time]),
      );
    const later = (a: string | null | undefined, b: string | null | undefined) => new Date(a!).getTime() > new Date(b!).getTime();
    await runNow(s, id);
    const first = await times();
    const firstRaw = await raw();

    // Unchanged and complete: every item shows the new scrape, and no item row was written.
    await runNow(s, id);
    const second = await times();
    for (const name of ['alpha', 'beta', 'gamma']) expect(later(second.get(name), first.get(name)), name).toBe(true);
    expect(await raw()).toEqual(firstRaw);

    // Gone from a complete scrape: deleted, and it keeps the time it was last seen.
    writeFileSync(seenFile, JSON.stringify({ items: items3.slice(0, 2) }));
    await runNow(s, id);
    const third = await times();
    expect(third.get('gamma')).toBe(second.get('gamma'));
    expect(later(third.get('alpha'), second.get('alpha'))).toBe(true);

    // A partial scrape moves the time of the items it saw only.
    writeFileSync(extraFile, '{"items": [ broken');
    writeFileSync(seenFile, JSON.stringify({ items: items3.slice(0, 1) }));
    const partial = await runNow(s, id);
    expect(partial.summary.complete).toBe(false);
    const fourth = await times();
    expect(later(fourth.get('alpha'), third.get('alpha'))).toBe(true);
    expect(fourth.get('beta')).toBe(third.get('beta'));

    const summary = await postJson<{ rows: { last_scraped_time: string | null }[] }>(s, '/api/catalog/summary', {
      groupBy: ['type'],
      filter: { scraper_id: id },
      deleted: true,
    });
    expect(summary.body.rows.map((r) => r.last_scraped_time)).toEqual([new Date(fourth.get('alpha')!).toISOString()]);
  });

  it('records each run in job history with the scrape summary, shown on config_scrapers_with_status', async () => {
    write(items3);
    const id = await applyScraper(s, fileScraperYaml('history', [file()]));
    const run = await runNow(s, id);
    const hist = await s.json<
      {
        id: string;
        name: string;
        status: string;
        resource_type: string;
        resource_name: string;
        details: { scrape_summary: { created: number } };
      }[]
    >(`/api/db/job_histories?id=eq.${run.job_history_id}`);
    expect(hist.body[0]).toMatchObject({ name: 'scraper', status: 'SUCCESS', resource_type: 'config_scraper', resource_name: 'history' });
    expect(hist.body[0]!.details.scrape_summary.created).toBe(3);
    const status = await s.json<ConfigScraperWithStatusRow[]>(`/api/db/config_scrapers_with_status?id=eq.${id}`);
    expect(status.body[0]).toMatchObject({ job_status: 'SUCCESS', config_count: 3, schedule: '@every 24h' });
    expect(status.body[0]!.job_details?.created).toBe(3);
  });

  it('applies retention: only the newest diff per item is kept with count 1', async () => {
    write(items3);
    const id = await applyScraper(
      s,
      fileScraperYaml('retained', [file()], '  retention:\n    changes:\n      - name: diff\n        count: 1\n'),
    );
    await runNow(s, id);
    for (const color of ['c1', 'c2', 'c3']) {
      write([{ ...items3[0]!, color }, items3[1]!, items3[2]!]);
      await runNow(s, id);
    }
    const alpha = (await items(id)).find((i) => i.name === 'alpha')!;
    const diffs = await changesOf(alpha.id, 'diff');
    expect(diffs).toHaveLength(1);
    expect(diffs[0]!.patches).toEqual([{ op: 'replace', path: '/color', value: 'c3' }]);
    expect((await changesOf(alpha.id, 'CREATE')).length).toBe(1);
    const listed = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { id: alpha.id });
    expect(listed.body.total).toBe(2);
    expect(alpha.changes).toBe(2);
  });

  it('answers 404 for an unknown scraper and 403 to a viewer', async () => {
    expect((await s.json('/api/config/scrapers/7d7f6a46-1b7b-4b53-9d54-4a2f0f4b0000/run', { method: 'POST' })).status).toBe(404);
    const id = await applyScraper(s, fileScraperYaml('forbidden', [file()]));
    expect((await s.json(`/api/config/scrapers/${id}/run`, { method: 'POST', as: 'viewer' })).status).toBe(403);
  });
});
