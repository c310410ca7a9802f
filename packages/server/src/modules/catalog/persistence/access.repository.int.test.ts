// Access entities across saves: re-saving changes nothing, a newer access log adds up, and an entity id
// merged away in one save still resolves (to the winner) in the next.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import type { AccessEntities, ScrapeResult } from '../engine/index.js';
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

const ORG = { config_type: 'Org', external_id: 'access-org' };

function result(entities: Partial<AccessEntities>): ScrapeResult {
  const out = new ExtractionOutput();
  out.configs.push({
    id: 'access-org',
    external_id: ['access-org'],
    name: 'org',
    type: 'Org',
    config_class: 'Org',
    config: {},
    format: 'json',
    labels: {},
    tags: {},
    properties: [],
    scraper: 'file[0]',
  });
  Object.assign(out.entities, entities);
  const now = new Date().toISOString();
  return toScrapeResult(out, true, now, now);
}

async function save(scraperId: string, entities: Partial<AccessEntities>) {
  return saveScrapeResult(s.db.pool, { scraperId, agentId: '00000000-0000-0000-0000-000000000000', spec: {} }, result(entities));
}

async function newScraper(): Promise<string> {
  const res = await s.db.pool.query<{ id: string }>("INSERT INTO config_scrapers (name, source) VALUES ($1, 'test') RETURNING id", [
    randomUUID(),
  ]);
  return res.rows[0]!.id;
}

const rows = async (sql: string, params: unknown[]) => (await s.db.pool.query(sql, params)).rows;

describe('access persistence', () => {
  it('is idempotent on a repeat and adds a newer access log', async () => {
    const scraper = await newScraper();
    const alias = `${scraper}@example.com`;
    const entities = (at: string, count: number): Partial<AccessEntities> => ({
      external_users: [{ name: 'Ann', aliases: [alias], account_id: 'acme' }],
      config_access: [{ external_config_id: ORG, external_user_aliases: [alias], source: 'test' }],
      access_logs: [{ external_config_id: ORG, external_user_aliases: [alias], created_at: at, count }],
    });
    await save(scraper, entities('2024-01-01T00:00:00Z', 2));
    const again = await save(scraper, entities('2024-01-01T00:00:00Z', 2));
    expect(again.access).toMatchObject({ users: 1, config_access: 1, access_logs: 1, merged: 0, skipped: 0 });
    expect(await rows('SELECT id FROM external_users WHERE scraper_id = $1 AND deleted_at IS NULL', [scraper])).toHaveLength(1);
    expect(await rows('SELECT id FROM config_access WHERE scraper_id = $1', [scraper])).toHaveLength(1);
    expect(await rows('SELECT count FROM config_access_logs WHERE scraper_id = $1', [scraper])).toEqual([{ count: 2 }]);
    await save(scraper, entities('2024-01-02T00:00:00Z', 3));
    expect(await rows('SELECT count FROM config_access_logs WHERE scraper_id = $1', [scraper])).toEqual([{ count: 5 }]);
  });

  it('resolves an id merged away in an earlier save to the surviving entity', async () => {
    const scraper = await newScraper();
    const [a, b, group] = [randomUUID(), randomUUID(), randomUUID()];
    const [aliasA, aliasB] = [`a-${a}`, `b-${b}`];
    await save(scraper, {
      external_users: [
        { id: a, name: 'A', aliases: [aliasA] },
        { id: b, name: 'B', aliases: [aliasB] },
      ],
    });
    const merged = await save(scraper, { external_users: [{ name: 'A+B', aliases: [aliasA, aliasB] }] });
    expect(merged.access.merged).toBe(1);
    const live = await rows('SELECT id, aliases FROM external_users WHERE scraper_id = $1 AND deleted_at IS NULL', [scraper]);
    expect(live).toEqual([{ id: expect.any(String), aliases: [aliasA, aliasB].sort() }]);
    const loser = live[0]!.id === a ? b : a;
    await save(scraper, {
      external_groups: [{ id: group, name: 'G', aliases: [`g-${group}`] }],
      external_user_groups: [{ external_user_id: loser, external_group_id: group }],
    });
    expect(await rows('SELECT external_user_id FROM external_user_groups WHERE scraper_id = $1 AND deleted_at IS NULL', [scraper])).toEqual(
      [{ external_user_id: live[0]!.id }],
    );
  });
});
