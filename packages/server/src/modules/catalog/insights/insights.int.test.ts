// Insights through HTTP on the real database: the component filter the insights screens send (findings
// of the items linked to a topology component), and writers acknowledging (silencing), resolving and
// reopening a finding with who and when kept; viewers are refused.
import { randomUUID } from 'node:crypto';
import type { ConfigAnalysisRow, InsightStatusResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { writeAnalysis } from '../persistence/analysis.repository.js';

let s: TestServer;
const linked = randomUUID();
const other = randomUUID();
const component = randomUUID();
const findings: Record<'linked' | 'other', string> = { linked: '', other: '' };

// The query of the insights list for ?component= (packages/web/src/features/catalog/lib/insights-params.ts).
const byComponent = (id: string) =>
  `/api/db/config_analysis?select=*,config:config_id!inner(id,name,type,config_class,links:config_component_relationships!inner())` +
  `&config.links.component_id=eq.${id}&config.links.deleted_at=is.null&order=last_observed.desc`;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(
    `INSERT INTO config_items (id, type, config_class, name, external_id) VALUES ($1, 'Test::Item', 'Item', 'linked', ARRAY['l']),
       ($2, 'Test::Item', 'Item', 'other', ARRAY['o'])`,
    [linked, other],
  );
  await s.db.pool.query(`INSERT INTO components (id, name) VALUES ($1, 'linked')`, [component]);
  await s.db.pool.query(`INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES ($1, $2, 'manual')`, [
    component,
    linked,
  ]);
  const rows = await s.db.pool.query<{ id: string; config_id: string }>(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES
       ($1, 'privileged', 'security', 'high', 'open'), ($2, 'oversized', 'cost', 'low', 'open') RETURNING id, config_id`,
    [linked, other],
  );
  for (const r of rows.rows) findings[r.config_id === linked ? 'linked' : 'other'] = r.id;
});
afterAll(async () => {
  await s?.stop();
});

const patch = (id: string, body: unknown, as: 'editor' | 'admin' | 'viewer' | 'responder' = 'editor') =>
  s.json<InsightStatusResponse & { message?: string }>(`/api/catalog/insights/${id}`, {
    method: 'PATCH',
    as,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('insights by component', () => {
  it('lists only the findings of items linked to the component', async () => {
    const r = await s.json<ConfigAnalysisRow[]>(byComponent(component), { as: 'viewer' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((f) => f.analyzer)).toEqual(['privileged']);
    expect(r.body[0]!.config).toMatchObject({ id: linked, name: 'linked' });
  });

  it('lists nothing for a component without items, nor through a removed link', async () => {
    expect((await s.json<unknown[]>(byComponent(randomUUID()), { as: 'viewer' })).body).toEqual([]);
    const gone = randomUUID();
    await s.db.pool.query(`INSERT INTO components (id, name) VALUES ($1, 'gone')`, [gone]);
    await s.db.pool.query(
      `INSERT INTO config_component_relationships (component_id, config_id, selector_id, deleted_at) VALUES ($1, $2, 'x', now())`,
      [gone, other],
    );
    expect((await s.json<unknown[]>(byComponent(gone), { as: 'viewer' })).body).toEqual([]);
  });
});

describe('PATCH /api/catalog/insights/{id}', () => {
  it('lets an editor acknowledge (silence) a finding, keeping who and when; it no longer counts as open', async () => {
    const before = Date.now();
    const r = await patch(findings.linked, { status: 'silenced' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: findings.linked, status: 'silenced', status_updated_by: { id: s.ids.editor, name: 'editor User' } });
    expect(new Date(r.body.status_updated_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const row = await s.json<ConfigAnalysisRow[]>(
      `/api/db/config_analysis?id=eq.${findings.linked}&select=status,status_updated_at,status_updater:status_updated_by(id,name)`,
      { as: 'viewer' },
    );
    expect(row.body).toEqual([
      { status: 'silenced', status_updated_at: expect.any(String), status_updater: { id: s.ids.editor, name: 'editor User' } },
    ]);
    const detail = await s.json<Array<{ summary: { analysis: number } }>>(`/api/db/config_detail?id=eq.${linked}&select=summary`, {
      as: 'viewer',
    });
    expect(detail.body[0]!.summary.analysis).toBe(0);
  });

  it('keeps a silenced finding silenced when the scraper reports it again; a resolved one reopens', async () => {
    const seen = (config_id: string, analyzer: string) => ({
      config_id,
      scraper_id: null,
      analyzer,
      analysis_type: 'security',
      severity: 'high',
      summary: null,
      message: null,
      analysis: null,
      source: null,
      first_observed: null,
      status: 'open' as const,
    });
    expect((await patch(findings.other, { status: 'resolved' }, 'admin')).body).toMatchObject({ status: 'resolved' });
    await writeAnalysis(s.db.pool, [seen(linked, 'privileged'), seen(other, 'oversized')], new Date());
    const rows = await s.db.pool.query<{ id: string; status: string; status_updated_by: string | null }>(
      `SELECT id, status, status_updated_by FROM config_analysis ORDER BY analyzer`,
    );
    expect(rows.rows).toEqual([
      { id: findings.other, status: 'open', status_updated_by: null },
      { id: findings.linked, status: 'silenced', status_updated_by: s.ids.editor },
    ]);
  });

  it('answers 403 to a viewer and to a responder, and changes nothing', async () => {
    for (const as of ['viewer', 'responder'] as const) {
      const r = await patch(findings.linked, { status: 'open' }, as);
      expect(r.status).toBe(403);
    }
    const row = await s.db.pool.query(`SELECT status FROM config_analysis WHERE id = $1`, [findings.linked]);
    expect(row.rows[0].status).toBe('silenced');
  });

  it('answers 400 naming an unknown status, 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await patch(findings.linked, { status: 'acked' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'acked' is not an insight status (use open, resolved, silenced)");
    const badId = await patch('not-a-uuid', { status: 'open' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('id');
    const missing = await patch(randomUUID(), { status: 'open' });
    expect(missing.status).toBe(404);
  });

  it('reopens a finding', async () => {
    const r = await patch(findings.linked, { status: 'open' }, 'admin');
    expect(r.body).toMatchObject({ status: 'open', status_updated_by: { id: s.ids.admin } });
  });
});
