// integrations_with_status through /api/db on a real database: scrapers with their latest run (status, details,
// job name, start), deleted ones left out, read per the rbac table, read-only, and paged/ordered as PostgREST.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { roleAllows, type DbRow } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';

type IntegrationRow = DbRow<'integrations_with_status'>;

let s: TestServer;
let dir: string;
const ids: Record<'good' | 'broken' | 'idle' | 'deleted', string> = { good: '', broken: '', idle: '', deleted: '' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'integrations-'));
  s = await startTestServer({ OPS_JOBS: 'false', OPS_FILE_ROOTS: dir }); // file scrapers read only under OPS_FILE_ROOTS
  writeFileSync(path.join(dir, 'items.json'), JSON.stringify({ items: [{ id: 'a', name: 'alpha' }] }));
  writeFileSync(path.join(dir, 'broken.json'), '{"items": [ not json');
  // Applied one after another, so created_at orders them good < broken < idle < deleted.
  ids.good = await applyScraper('int-good', path.join(dir, 'items.json'));
  ids.broken = await applyScraper('int-broken', path.join(dir, 'broken.json'));
  ids.idle = await applyScraper('int-idle', path.join(dir, 'items.json'));
  ids.deleted = await applyScraper('int-deleted', path.join(dir, 'items.json'));
  await runNow(ids.good);
  await runNow(ids.broken);
  await runNow(ids.deleted);
  const del = await s.request(`/api/db/config_scrapers?id=eq.${ids.deleted}`, { method: 'DELETE' });
  expect(del.status).toBe(204);
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A file scraper over one JSON file listing items under $.items, applied through /api/resources/apply. */
async function applyScraper(name: string, file: string): Promise<string> {
  const yaml = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: '@every 24h'
  file:
    - type: Test::Item
      id: $.id
      name: $.name
      items: $.items[*]
      paths: ['${file}']
`;
  const r = await s.json<{ results: { id: string }[] }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.results[0]!.id;
}

/** Run Now (POST /api/config/scrapers/{id}/run), which records the run in job history. */
async function runNow(id: string): Promise<void> {
  const r = await s.request(`/api/config/scrapers/${id}/run`, { method: 'POST' });
  expect(r.status, await r.text()).toBe(200);
}

const list = (query: string, as: TestUser = 'admin', headers: Record<string, string> = {}) =>
  s.json<IntegrationRow[]>(`/api/db/integrations_with_status?${query}`, { as, headers });

describe('/api/db/integrations_with_status', () => {
  it("lists live scrapers with the spec's row and their latest run; a deleted one is not listed", async () => {
    const r = await list('select=*&deleted_at=is.null&order=created_at.desc', 'admin', { prefer: 'count=exact' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-2/3');
    expect(r.body.map((x) => x.id)).toEqual([ids.idle, ids.broken, ids.good]);
    expect(r.body.map((x) => x.id)).not.toContain(ids.deleted);

    const good = r.body.find((x) => x.id === ids.good)!;
    expect(Object.keys(good).sort()).toEqual(
      [
        'id',
        'name',
        'namespace',
        'source',
        'integration_type',
        'agent',
        'job_status',
        'job_details',
        'job_name',
        'job_time_start',
        'created_by',
        'created_at',
        'updated_at',
        'deleted_at',
      ].sort(),
    );
    expect(good).toMatchObject({
      name: 'int-good',
      namespace: 'default',
      integration_type: 'scrapers',
      agent: '00000000-0000-0000-0000-000000000000',
      job_status: 'SUCCESS',
      job_name: 'scraper',
      created_by: s.ids.admin,
      deleted_at: null,
    });
    expect(good.job_details).toMatchObject({ scrape_summary: { status: 'SUCCESS', scraped: 1, created: 1 } });
    expect(new Date(good.job_time_start!).getTime()).toBeGreaterThan(new Date(good.created_at!).getTime());

    const broken = r.body.find((x) => x.id === ids.broken)!;
    expect(broken.job_status).toBe('FAILED');
    expect((broken.job_details as { scrape_summary: { errors: string[] } }).scrape_summary.errors.join(' ')).toContain('broken.json');

    const idle = r.body.find((x) => x.id === ids.idle)!;
    expect(idle).toMatchObject({ job_status: null, job_details: null, job_name: null, job_time_start: null });
  });

  it('shows the latest run after another one', async () => {
    writeFileSync(path.join(dir, 'broken.json'), JSON.stringify({ items: [{ id: 'b', name: 'beta' }] }));
    await runNow(ids.broken);
    const r = await list(`id=eq.${ids.broken}&select=job_status,job_details`);
    expect(r.body).toEqual([{ job_status: 'SUCCESS', job_details: expect.objectContaining({ scrape_summary: expect.anything() }) }]);
  });

  it('pages and orders with PostgREST params (limit, offset, order, Range, count)', async () => {
    const page1 = await list('select=id,name&order=name.asc&limit=2&offset=0', 'admin', { prefer: 'count=exact' });
    expect(page1.body.map((x) => x.name)).toEqual(['int-broken', 'int-good']);
    expect(page1.headers.get('content-range')).toBe('0-1/3');
    const page2 = await list('select=id,name&order=name.asc&limit=2&offset=2', 'admin', { prefer: 'count=exact' });
    expect(page2.body.map((x) => x.name)).toEqual(['int-idle']);
    expect(page2.headers.get('content-range')).toBe('2-2/3');
    const ranged = await list('select=name&order=created_at.asc', 'admin', { range: '1-1' });
    expect(ranged.body).toEqual([{ name: 'int-broken' }]);
    const filtered = await list('select=name&job_status=eq.SUCCESS&integration_type=eq.scrapers&order=name.desc');
    expect(filtered.body).toEqual([{ name: 'int-good' }, { name: 'int-broken' }]);
    const bad = await list('order=nope.asc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('nope');
  });

  it("answers each role by the rbac table's read on 'integrations', and refuses writes", async () => {
    for (const as of ['admin', 'editor', 'commander', 'responder', 'viewer', 'norole'] as const) {
      const r = await list('select=id', as);
      const allowed = roleAllows(as === 'norole' ? 'viewer' : as, 'integrations', 'read');
      expect([as, r.status]).toEqual([as, allowed ? 200 : 403]);
      if (allowed) expect(r.body).toHaveLength(3);
    }
    const anonymous = await s.request('/api/db/integrations_with_status', { as: null });
    expect(anonymous.status).toBe(401);
    const write = await s.request('/api/db/integrations_with_status', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(write.status).toBe(405);
  });
});
