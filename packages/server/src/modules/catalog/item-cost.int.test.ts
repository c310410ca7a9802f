// Cost figures from scraped documents: a `full: true` document's cost_per_minute and cost_total_1d/7d/30d
// (also when a transform script writes the documents) are stored on the item, shown by the configs view and
// summed by the summary; a figure that is not a cost is left out and the item kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogSummaryResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, postJson, runNow } from './catalog-test-helpers.js';

let s: TestServer;
let dir: string;
const file = () => path.join(dir, 'billing.json');

function writeDocuments(costOfA: number): void {
  writeFileSync(
    file(),
    JSON.stringify({
      items: [
        {
          id: 'vm-a',
          name: 'vm-a',
          config: { size: 'large' },
          cost_per_minute: 0.01,
          cost_total_1d: 14.4,
          cost_total_7d: 100.8,
          cost_total_30d: costOfA,
        },
        { id: 'vm-b', name: 'vm-b', config: { size: 'small' }, cost_total_30d: -5, cost_total_1d: 'lots' },
        { id: 'vm-c', name: 'vm-c', config: { size: 'small' }, cost_total_30d: '12.5' },
      ],
    }),
  );
}

const scraper = (name: string, transform = '') => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  full: true
  file:
    - type: Billing::VM
      class: VM
      id: $.id
      name: $.name
      items: $.items[*]
      paths: ['${file()}']
${transform}`;

type CostRow = {
  name: string;
  cost_per_minute: number | null;
  cost_total_1d: number | null;
  cost_total_7d: number | null;
  cost_total_30d: number | null;
};

async function costs(scraperId: string): Promise<CostRow[]> {
  const r = await s.json<CostRow[]>(
    `/api/db/configs?select=name,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d&order=name.asc&id=in.(${(
      await s.json<{ id: string }[]>(`/api/db/config_items?scraper_id=eq.${scraperId}&select=id`)
    ).body
      .map((i) => i.id)
      .join(',')})`,
    { as: 'viewer' },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'item-cost-'));
  writeDocuments(430.5);
  s = await startTestServer({ OPS_JOBS: 'false', OPS_FILE_ROOTS: dir });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('item cost from full-mode documents', () => {
  let id: string;

  it('stores each cost figure the document gives, leaves out what is not a cost, and the summary sums them', async () => {
    id = await applyScraper(s, scraper('billing'));
    const run = await runNow(s, id);
    expect(run.summary).toMatchObject({ created: 3, errors: [] });
    expect(await costs(id)).toEqual([
      { name: 'vm-a', cost_per_minute: 0.01, cost_total_1d: 14.4, cost_total_7d: 100.8, cost_total_30d: 430.5 },
      { name: 'vm-b', cost_per_minute: null, cost_total_1d: null, cost_total_7d: null, cost_total_30d: null },
      { name: 'vm-c', cost_per_minute: null, cost_total_1d: null, cost_total_7d: null, cost_total_30d: 12.5 },
    ]);
    // The cost keys are the item's, not its body's.
    const body = await s.json<{ config: unknown }[]>(`/api/db/config_items?scraper_id=eq.${id}&name=eq.vm-a&select=config`);
    expect(body.body[0]!.config).toEqual({ size: 'large' });
    const summary = await postJson<CatalogSummaryResponse>(s, '/api/catalog/summary', { groupBy: ['type'] }, 'viewer');
    expect(summary.body.rows.find((r) => r.type === 'Billing::VM')!.cost_total_30d).toBeCloseTo(443, 6);
    const history = await s.json<{ details: { warnings?: { error: string }[] } }[]>(
      `/api/db/job_history?resource_id=eq.${id}&select=details&order=created_at.desc&limit=1`,
    );
    expect(JSON.stringify(history.body)).toContain('cost_total_30d: -5 is not a cost');
  });

  it('counts an item whose cost changed as updated, without a config change, and an unchanged re-run as unchanged', async () => {
    expect((await runNow(s, id)).summary).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    writeDocuments(500);
    const run = await runNow(s, id);
    expect(run.summary).toMatchObject({ created: 0, updated: 1, unchanged: 2, changes: 0 });
    expect((await costs(id))[0]!.cost_total_30d).toBe(500);
  });

  it('takes the cost from documents a transform script writes', async () => {
    const transform = `      transform:
        script:
          javascript: |
            ({ id: config.id + '-t', name: config.name + '-t', config: config.config, cost_total_7d: 7 })
`;
    const tid = await applyScraper(s, scraper('billing-transform', transform));
    expect((await runNow(s, tid)).summary).toMatchObject({ created: 3, errors: [] });
    expect((await costs(tid)).map((c) => [c.name, c.cost_total_7d])).toEqual([
      ['vm-a-t', 7],
      ['vm-b-t', 7],
      ['vm-c-t', 7],
    ]);
  });
});
