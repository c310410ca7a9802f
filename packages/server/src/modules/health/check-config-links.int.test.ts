// Checks linked to config items by their `relationships.configs` selectors (canary-checker's check
// relationships): linked when the canary is applied, shown once per check on the config's Checks tab
// (check_summary_for_config) and in its badge (config_detail.summary.checks), relinked by the periodic
// refresh for items scraped later, unlinked when the spec drops them; bad selectors are refused at apply.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { refreshCheckConfigLinks } from './check-config-links.js';
import { apply, checksOf } from './health-test-helpers.js';

let s: TestServer;
const web = randomUUID();
const api = randomUUID();
const later = randomUUID();

function canary(relationships: string): string {
  return `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: linked
  namespace: default
  labels:
    app: web
spec:
  schedule: "@every 1h"
  exec:
    - name: web-up
      script: "true"
      labels:
        target: web-svc
${relationships}`;
}

// Two selectors that both match 'web-svc' (by name from the check's label, and by type and labels):
// the config still shows the check once.
const RELATED = `      relationships:
        configs:
          - name:
              label: target
          - type:
              value: Test::Service
            labels:
              tier: front
          - name:
              expr: "'later-' + check.name"
          - name:
              label: no-such-label
`;

const checksFor = (configId: string) =>
  s.json<Array<{ id: string; name: string }>>(`/api/db/check_summary_for_config?config_id=eq.${configId}&order=name.asc`, { as: 'viewer' });
const badge = async (configId: string) =>
  (await s.json<Array<{ summary: { checks: number } }>>(`/api/db/config_detail?id=eq.${configId}&select=summary`, { as: 'viewer' }))
    .body[0]!.summary.checks;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(
    `INSERT INTO config_items (id, type, config_class, name, labels, external_id) VALUES
       ($1, 'Test::Service', 'Service', 'web-svc', '{"tier":"front"}', ARRAY['web']),
       ($2, 'Test::Service', 'Service', 'api-svc', '{"tier":"back"}', ARRAY['api'])`,
    [web, api],
  );
});
afterAll(async () => {
  await s?.stop();
});

describe('check relationships to configs', () => {
  it('links the configs a check selects when its canary is applied; the Checks tab and badge show it once', async () => {
    const r = await apply(s, canary(RELATED));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [check] = await checksOf(s, r.body.results![0]!.id);
    const tab = await checksFor(web);
    expect(tab.status).toBe(200);
    expect(tab.body).toEqual([expect.objectContaining({ id: check!.id, name: 'web-up' })]);
    expect(await badge(web)).toBe(1);
    expect((await checksFor(api)).body).toEqual([]);
    expect(await badge(api)).toBe(0);
  });

  it('links an item scraped after the apply on the next refresh', async () => {
    await s.db.pool.query(
      `INSERT INTO config_items (id, type, config_class, name, external_id) VALUES ($1, 'Test::Job', 'Job', 'later-web-up', ARRAY['later'])`,
      [later],
    );
    expect((await checksFor(later)).body).toEqual([]);
    await refreshCheckConfigLinks(s.ctx);
    expect((await checksFor(later)).body).toEqual([expect.objectContaining({ name: 'web-up' })]);
    expect(await badge(later)).toBe(1);
  });

  it('unlinks a deleted item on the refresh and everything when the spec drops its relationships', async () => {
    await s.db.pool.query(`UPDATE config_items SET deleted_at = now() WHERE id = $1`, [later]);
    await refreshCheckConfigLinks(s.ctx);
    expect((await checksFor(later)).body).toEqual([]);
    const r = await apply(s, canary(''));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await checksFor(web)).body).toEqual([]);
    expect(await badge(web)).toBe(0);
  });

  it('refuses selectors that are not lists of selector objects, naming the field', async () => {
    const r = await apply(s, canary('      relationships:\n        configs: web-svc\n'));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/relationships\.configs.*must be a list of selectors/);
    const two = await apply(s, canary('      relationships:\n        configs:\n          - name: {value: a, label: b}\n'));
    expect(two.status).toBe(400);
    expect(two.body.message).toMatch(/spec\.exec\[0\]\.relationships\.configs\[0\]\.name: give one of value, label or expr/);
  });
});
