// A ScrapeConfig whose transform is JavaScript (config-db's `transform.script.javascript`), through the
// API: applied, run now, and its items stored as the script made them; a script that does not compile
// is refused at apply with its field named, and nothing is written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, runNow } from './catalog-test-helpers.js';

let s: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'js-transform-'));
  writeFileSync(
    path.join(dir, 'configs.json'),
    JSON.stringify([
      { id: 1, name: 'Config1' },
      { id: 2, name: 'Config2' },
    ]),
  );
  s = await startTestServer({ OPS_JOBS: 'false', OPS_FILE_ROOTS: dir }); // file scrapers read only under OPS_FILE_ROOTS
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const scrapeConfig = (name: string, script: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: '@every 24h'
  file:
    - type: Config
      id: $.id
      name: $.name
      transform:
        script:
          javascript: |
${script
  .split('\n')
  .map((l) => `            ${l}`)
  .join('\n')}
      paths: ['${path.join(dir, 'configs.json')}']
`;

describe('transform.script.javascript', () => {
  it('runs in the sandbox over the scraped document and makes one item per element it returns', async () => {
    // config-db's own fixture style: mutate `config`, return it as JSON text.
    const script = 'for (var i = 0; i < config.length; i++) {\n  config[i].added = "a"\n}\nJSON.stringify(config)';
    const id = await applyScraper(s, scrapeConfig('js-transform', script));
    const run = await runNow(s, id);
    expect(run.summary).toMatchObject({ status: 'SUCCESS', errors: [], created: 2 });
    const items = (
      await s.json<Array<{ name: string; type: string; config: unknown }>>(
        `/api/db/config_items?scraper_id=eq.${id}&select=name,type,config&order=name.asc`,
        { as: 'viewer' },
      )
    ).body;
    expect(items.map((i) => ({ name: i.name, type: i.type, config: i.config }))).toEqual([
      { name: 'Config1', type: 'Config', config: { id: 1, name: 'Config1', added: 'a' } },
      { name: 'Config2', type: 'Config', config: { id: 2, name: 'Config2', added: 'a' } },
    ]);
  });

  it('refuses a script that does not parse with a 400 naming the field, writing nothing', async () => {
    const r = await s.json<{ message: string }>('/api/resources/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: scrapeConfig('js-broken', 'config.map(function (c) {'),
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/spec\.file\[0\]\.transform\.script\.javascript: SyntaxError: /);
    const rows = await s.json<unknown[]>('/api/db/config_scrapers?name=eq.js-broken&select=id');
    expect(rows.body).toEqual([]);
  });
});
