// Issue 5's acceptance: a new user applies config-db's file-car.yaml (path made absolute), runs it, and
// sees the item and its change through the API; `ops get scrapers` lists it back as a ScrapeConfig.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogChangesResponse, CatalogSummaryResponse, ConfigDetailRow, ConfigItemRow } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, postJson, runNow } from './catalog-test-helpers.js';

const CONFIG_DB = path.resolve(import.meta.dirname, '../../../../../../shared/conformance/config-db');
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('apply file-car.yaml', () => {
  it('scrapes the car and shows it, its change and the summary', async () => {
    const yaml = readFileSync(path.join(CONFIG_DB, 'fixtures/file-car.yaml'), 'utf8').replace(
      'fixtures/data/car.json',
      path.join(CONFIG_DB, 'fixtures/data/car.json'),
    );
    const id = await applyScraper(s, yaml);
    const run = await runNow(s, id);
    expect(run.summary).toMatchObject({ status: 'SUCCESS', created: 1, types: { Car: 1 } });

    const cars = await s.json<ConfigItemRow[]>('/api/db/configs?type=eq.Car&deleted_at=is.null', { as: 'viewer' });
    expect(cars.body).toHaveLength(1);
    expect(cars.body[0]).toMatchObject({ type: 'Car', config_class: 'Car', name: 'A123', external_id: ['A123'], changes: 1 });
    const detail = await s.json<ConfigDetailRow[]>(`/api/db/config_detail?id=eq.${cars.body[0]!.id}`, { as: 'viewer' });
    expect(detail.body[0]!.config).toEqual(JSON.parse(readFileSync(path.join(CONFIG_DB, 'fixtures/data/car.json'), 'utf8')));
    expect(detail.body[0]!.config_scrapers).toEqual({ id, name: 'file-car-scraper' });

    const changes = await postJson<CatalogChangesResponse>(s, '/api/catalog/changes', { config_type: 'Car' }, 'viewer');
    expect(changes.body.changes.map((c) => [c.change_type, c.name])).toEqual([['CREATE', 'A123']]);
    const summary = await postJson<CatalogSummaryResponse>(s, '/api/catalog/summary', { groupBy: ['type'] }, 'viewer');
    expect(summary.body.rows.find((r) => r.type === 'Car')).toMatchObject({ count: 1, changes: 1 });

    const listed = await s.json<{ items: { kind: string; metadata: { name: string }; spec: { file: unknown[] } }[] }>(
      '/api/resources/scrapers',
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(JSON.stringify(listed.body)).toContain('file-car-scraper');
  });

  it('refuses an invalid ScrapeConfig naming the field', async () => {
    const r = await s.json<{ results?: unknown; errors?: { field: string; message: string }[] }>('/api/resources/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: 'apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: bad\nspec:\n  schedule: "@every 5s"\n  file: []\n',
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('spec.schedule');
    expect(JSON.stringify(r.body)).toContain('29s');
  });
});
