// GET /api/search through HTTP on a real PostgreSQL: the best matches per kind, live rows only, bad
// parameters named in a 400, and no answer without credentials.
import type { SearchResponse } from '@ops/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let s: TestServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const db = s.ctx.db.kysely;
  const items: [string, string, string | null, boolean][] = [
    ['redis-primary', 'Kubernetes::Pod', 'prod', false],
    ['redis', 'Kubernetes::StatefulSet', 'prod', false],
    ['my-redis-cache', 'AWS::ElastiCache::Cluster', null, false],
    ['redis-old', 'Kubernetes::Pod', 'prod', true],
    ['nginx', 'Kubernetes::Deployment', 'web', false],
    ['100%_done', 'Test::Item', null, false],
  ];
  for (const [name, type, namespace, deleted] of items) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO config_items (external_id, type, name, tags, health, deleted_at)
      VALUES (ARRAY[${`search-${name}`}], ${type}, ${name}, ${JSON.stringify(namespace ? { namespace } : {})}::jsonb, 'healthy',
              ${deleted ? sql`now()` : sql`NULL`})
      RETURNING id::text AS id`.execute(db);
    ids[name] = rows[0]!.id;
  }
  const canary = async (name: string) =>
    (await sql<{ id: string }>`INSERT INTO canaries (name, namespace) VALUES (${name}, 'default') RETURNING id::text AS id`.execute(db))
      .rows[0]!.id;
  const check = async (canaryId: string, name: string, { deleted = false, ran = true } = {}) => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO checks (canary_id, type, name, status, last_runtime, deleted_at)
      VALUES (${canaryId}, 'tcp', ${name}, 'healthy', ${ran ? sql`now()` : sql`NULL`}, ${deleted ? sql`now()` : sql`NULL`})
      RETURNING id::text AS id`.execute(db);
    ids[`check:${name}`] = rows[0]!.id;
  };
  const cache = await canary('cache-probes');
  await check(cache, 'redis ping');
  await check(cache, 'redis legacy', { deleted: true });
  await check(cache, 'memcached ping');
  await check(await canary('db-probes'), 'postgres ping', { ran: false });
});
afterAll(async () => {
  await s?.stop();
});

const search = (query: string, as: 'admin' | 'viewer' | null = 'admin') =>
  s.json<SearchResponse & { error?: string; message?: string }>(`/api/search?${query}`, { as });
const names = (hits: { name: string }[]) => hits.map((h) => h.name);

describe('GET /api/search', () => {
  it('finds live config items and checks by name, exact match first, then prefixes, then the rest', async () => {
    const r = await search('q=REDIS');
    expect(r.status).toBe(200);
    expect(names(r.body.results.config)).toEqual(['redis', 'redis-primary', 'my-redis-cache']);
    expect(r.body.results.config[0]).toEqual({
      id: ids.redis,
      name: 'redis',
      type: 'Kubernetes::StatefulSet',
      detail: 'prod',
      health: 'healthy',
    });
    expect(r.body.results.check).toEqual([
      { id: ids['check:redis ping'], name: 'redis ping', type: 'tcp', detail: 'cache-probes', health: 'healthy' },
    ]);
    expect(r.body.q).toBe('REDIS');
  });

  it('finds config items by type and checks by their canary', async () => {
    const byType = await search('q=elasticache');
    expect(names(byType.body.results.config)).toEqual(['my-redis-cache']);
    const byCanary = await search('q=probes');
    expect(byCanary.body.results.check.map((h) => [h.name, h.health])).toEqual([
      ['redis ping', 'healthy'],
      ['postgres ping', 'unknown'], // never ran
      ['memcached ping', 'healthy'],
    ]);
    expect(names((await search('q=cache-probes')).body.results.check)).toEqual(['redis ping', 'memcached ping']); // shorter names first
  });

  it('keeps the top `limit` of each kind and searches only the kinds asked for', async () => {
    const r = await search('q=redis&limit=1');
    expect(names(r.body.results.config)).toEqual(['redis']);
    expect(names(r.body.results.check)).toEqual(['redis ping']);
    const checksOnly = await search('q=redis&types=check');
    expect(checksOnly.body.results.config).toEqual([]);
    expect(names(checksOnly.body.results.check)).toEqual(['redis ping']);
  });

  it('matches the start of names for queries under three letters, and LIKE wildcards literally', async () => {
    expect(names((await search('q=re')).body.results.config)).toEqual(['redis', 'redis-primary']);
    expect(names((await search(`q=${encodeURIComponent('100%_')}`)).body.results.config)).toEqual(['100%_done']);
    expect((await search(`q=${encodeURIComponent('%')}`)).body.results.config).toEqual([]);
    expect((await search('q=_')).body.results.config).toEqual([]);
  });

  it('answers 400 naming the parameter for a missing, empty or long q, a bad limit and an unknown type', async () => {
    const cases: [string, RegExp][] = [
      ['', /\bq\b.*required/],
      ['q=', /\bq\b.*must not be empty/],
      ['q=%20%20', /\bq\b.*must not be empty/],
      [`q=${'x'.repeat(201)}`, /\bq\b.*at most 200 characters/],
      ['q=redis&limit=0', /\blimit\b.*1 to 20/],
      ['q=redis&limit=21', /\blimit\b.*1 to 20/],
      ['q=redis&limit=abc', /\blimit\b.*1 to 20/],
      ['q=redis&limit=1.5', /\blimit\b.*1 to 20/],
      ['q=redis&types=component', /types: unknown type 'component' \(use config, check\)/],
    ];
    for (const [query, message] of cases) {
      const r = await search(query);
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toMatch(message);
    }
    expect((await search(`q=${'x'.repeat(200)}`)).status).toBe(200);
  });

  it('needs a signed-in caller; viewers may search', async () => {
    const anonymous = await search('q=redis', null);
    expect(anonymous.status).toBe(401);
    const viewer = await search('q=redis', 'viewer');
    expect(viewer.status).toBe(200);
    expect(names(viewer.body.results.config)).toContain('redis');
  });
});
