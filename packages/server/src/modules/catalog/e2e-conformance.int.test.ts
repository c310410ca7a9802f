// config-db's e2e extraction cases (`{spec, pre_populate, assertions}`) run against our database: the
// case's scraper is stored, its pre-populated rows inserted, the spec scraped and saved, and every CEL
// assertion must hold over the result and the stored rows. Paths resolve against the config-db root.
// `db.<table>(scraper_id|other_scraper_id)` in an assertion reads that scraper's live rows of the table
// (`<table>_all(...)` includes soft-deleted ones).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateCel } from '@ops/shared/expr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { parseScrapeConfig, runScrape, StaticSecretResolver } from './engine/index.js';
import { saveScrapeResult } from './persistence/save-result.js';

const CONFIG_DB = path.resolve(import.meta.dirname, '../../../../../../shared/conformance/config-db');
const E2E = path.join(CONFIG_DB, 'scrapers/extract/testdata/e2e');
// Cases whose data file is not among the published fixtures (config-db f94ac9c).
const MISSING_FIXTURES = ['config_properties_omitted_preserves_existing.yaml'];
const cases = readdirSync(E2E)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

interface Case {
  spec: Record<string, unknown>;
  incremental?: boolean;
  pre_populate?: {
    configs?: {
      config_class: string;
      type: string;
      name?: string;
      external_id: string[];
      config?: string;
      properties?: Record<string, string>;
    }[];
    config_relationships?: {
      config_external_id: string;
      related_external_id: string;
      relation?: string;
      owner: 'current' | 'other';
      deleted?: boolean;
    }[];
    external_users?: PreEntity[];
    external_groups?: PreEntity[];
    external_roles?: PreEntity[];
    external_user_groups?: {
      external_user_aliases: string[];
      external_group_aliases: string[];
      owner?: 'current' | 'other';
      deleted?: boolean;
    }[];
    config_access?: (PreAccessRefs & { id: string; source?: string })[];
    config_access_logs?: (PreAccessRefs & { count?: number; mfa?: boolean; properties?: Record<string, unknown> })[];
  };
  assertions: string[];
}

interface PreEntity {
  id?: string;
  name: string;
  aliases: string[];
  account_id?: string;
  user_type?: string;
  group_type?: string;
  role_type?: string;
  email?: string;
}

interface PreAccessRefs {
  config_external_id: string;
  external_user_aliases?: string[];
  external_group_aliases?: string[];
  external_role_aliases?: string[];
  created_at_offset_mins?: number;
}

// Tables the assertions' db functions read, and whether they soft-delete.
const DB_TABLES: Record<string, boolean> = {
  config_relationships: true,
  external_users: true,
  external_groups: true,
  external_roles: true,
  external_user_groups: true,
  config_access: true,
  config_access_logs: false,
};

const ACCESS_TABLES = [
  'config_access_logs',
  'config_access',
  'external_user_groups',
  'external_users',
  'external_groups',
  'external_roles',
];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

async function newScraper(name: string, spec: Record<string, unknown>): Promise<string> {
  const res = await s.db.pool.query<{ id: string }>('INSERT INTO config_scrapers (name, spec, source) VALUES ($1, $2, $3) RETURNING id', [
    name,
    JSON.stringify(spec),
    'test',
  ]);
  return res.rows[0]!.id;
}

async function prePopulate(c: Case, scraperId: string, otherId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const cfg of c.pre_populate?.configs ?? []) {
    const props = cfg.properties ? Object.entries(cfg.properties).map(([name, text]) => ({ name, text })) : null;
    const res = await s.db.pool.query<{ id: string }>(
      `INSERT INTO config_items (scraper_id, type, config_class, name, external_id, config, properties)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [scraperId, cfg.type, cfg.config_class, cfg.name ?? null, cfg.external_id, cfg.config ?? null, props ? JSON.stringify(props) : null],
    );
    for (const e of cfg.external_id) ids.set(e, res.rows[0]!.id);
  }
  for (const r of c.pre_populate?.config_relationships ?? []) {
    await s.db.pool.query(
      `INSERT INTO config_relationships (config_id, related_id, relation, scraper_id, deleted_at) VALUES ($1, $2, $3, $4, $5)`,
      [
        ids.get(r.config_external_id),
        ids.get(r.related_external_id),
        r.relation ?? '',
        r.owner === 'current' ? scraperId : otherId,
        r.deleted ? new Date() : null,
      ],
    );
  }
  await prePopulateAccess(c, scraperId, otherId, ids);
  return ids;
}

// External entities (owned by the case's scraper), memberships, access records and logs; rows name
// entities by their first alias, as config-db's harness does.
async function prePopulateAccess(c: Case, scraperId: string, otherId: string, ids: Map<string, string>): Promise<void> {
  const pre = c.pre_populate ?? {};
  const byAlias = { users: new Map<string, string>(), groups: new Map<string, string>(), roles: new Map<string, string>() };
  const kinds = [
    ['users', 'external_users', 'user_type', pre.external_users],
    ['groups', 'external_groups', 'group_type', pre.external_groups],
    ['roles', 'external_roles', 'role_type', pre.external_roles],
  ] as const;
  for (const [kind, table, typeColumn, rows] of kinds) {
    for (const e of rows ?? []) {
      const res = await s.db.pool.query<{ id: string }>(
        `INSERT INTO ${table} (id, name, aliases, account_id, ${typeColumn}, scraper_id)
         VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6) RETURNING id`,
        [e.id ?? null, e.name, e.aliases, e.account_id ?? '', e[typeColumn] ?? '', scraperId],
      );
      if (e.email) await s.db.pool.query('UPDATE external_users SET email = $2 WHERE id = $1', [res.rows[0]!.id, e.email]);
      for (const a of e.aliases) byAlias[kind].set(a, res.rows[0]!.id);
    }
  }
  const first = (kind: keyof typeof byAlias, aliases?: string[]) => (aliases?.length ? byAlias[kind].get(aliases[0]!) : null);
  for (const m of pre.external_user_groups ?? []) {
    await s.db.pool.query(
      'INSERT INTO external_user_groups (external_user_id, external_group_id, scraper_id, deleted_at) VALUES ($1, $2, $3, $4)',
      [
        first('users', m.external_user_aliases),
        first('groups', m.external_group_aliases),
        m.owner === 'other' ? otherId : scraperId,
        m.deleted ? new Date() : null,
      ],
    );
  }
  const at = (mins?: number) => new Date(Date.now() + (mins ?? 0) * 60_000);
  for (const a of pre.config_access ?? []) {
    await s.db.pool.query(
      `INSERT INTO config_access (id, config_id, external_user_id, external_group_id, external_role_id, scraper_id, source, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        a.id,
        ids.get(a.config_external_id),
        first('users', a.external_user_aliases),
        first('groups', a.external_group_aliases),
        first('roles', a.external_role_aliases),
        scraperId,
        a.source ?? null,
        at(a.created_at_offset_mins),
      ],
    );
  }
  for (const l of pre.config_access_logs ?? []) {
    await s.db.pool.query(
      `INSERT INTO config_access_logs (config_id, external_user_id, scraper_id, created_at, first_observed, count, mfa, properties)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
      [
        ids.get(l.config_external_id),
        first('users', l.external_user_aliases),
        scraperId,
        at(l.created_at_offset_mins),
        l.count ?? 1,
        l.mfa ?? false,
        l.properties ? JSON.stringify(l.properties) : null,
      ],
    );
  }
}

describe('config-db e2e extraction cases against the database', () => {
  it('has the cases this suite knows about', () => {
    expect(cases.length).toBeGreaterThanOrEqual(29);
    expect(cases.filter((f) => f.startsWith('external_')).length).toBeGreaterThanOrEqual(13);
  });

  for (const file of cases) {
    it(file, async () => {
      const c = parse(readFileSync(path.join(E2E, file), 'utf8')) as Case;
      const paths = ((c.spec.file as { paths?: string[] }[] | undefined) ?? []).flatMap((f) => f.paths ?? []);
      const missing = paths.filter((p) => !existsSync(path.join(CONFIG_DB, p)));
      if (missing.length) {
        // The published fixtures lack this case's data file: the scrape reports it and stores nothing.
        expect(MISSING_FIXTURES).toContain(file);
        return;
      }
      // Cases reuse aliases (alias-a, grp-alias-b …): each starts without another case's entities, as
      // config-db's harness deletes them after each case.
      await s.db.pool.query(`TRUNCATE ${ACCESS_TABLES.join(', ')}`);
      const name = file.replace(/\.yaml$/, '').replace(/_/g, '-');
      const scraperId = await newScraper(name, c.spec);
      const otherId = await newScraper(`${name}-other`, {});
      const ids = await prePopulate(c, scraperId, otherId);
      const parsed = parseScrapeConfig({ metadata: { name }, spec: c.spec });
      const result = await runScrape(parsed, { baseDir: CONFIG_DB, scraperId, secrets: new StaticSecretResolver() });
      const saved = await saveScrapeResult(
        s.db.pool,
        { scraperId, agentId: '00000000-0000-0000-0000-000000000000', spec: c.spec },
        result,
        { incremental: c.incremental },
      );
      const summary = structuredClone(result.summary);
      summary.changes.saved = saved.reported_saved;
      summary.configs.saved = saved.created + saved.updated + saved.unchanged;
      summary.relationships.saved = saved.relationships;
      const scrapedIds = (
        await s.db.pool.query<{ id: string }>(
          'SELECT id FROM config_items WHERE scraper_id = $1 AND type = ANY($2) AND external_id[1] = ANY($3)',
          [scraperId, result.configs.map((x) => x.type), result.configs.map((x) => x.id)],
        )
      ).rows.map((r) => r.id);
      const configs = (
        await s.db.pool.query(
          'SELECT id, name, type, config_class, config, properties, external_id FROM config_items WHERE id = ANY($1::uuid[])',
          [scrapedIds],
        )
      ).rows;
      const involved = [...new Set([...ids.values(), ...scrapedIds])];
      const relationships = (
        await s.db.pool.query(
          `SELECT DISTINCT config_id, related_id, relation FROM config_relationships
           WHERE deleted_at IS NULL AND (config_id = ANY($1::uuid[]) OR related_id = ANY($1::uuid[]))`,
          [involved],
        )
      ).rows;
      const vars: Record<string, unknown> = {
        // Live edges (config, related, relation) touching the case's items, whichever scraper owns them.
        configs,
        config: result.configs[0]?.config ?? null,
        changes: result.changes,
        analysis: result.analysis,
        summary,
        relationships,
        scraper_id: scraperId,
        other_scraper_id: otherId,
      };
      for (const [fn, owner] of [...c.assertions.join('\n').matchAll(/db\.(\w+)\((\w+)\)/g)].map((m): [string, string] => [m[1]!, m[2]!])) {
        const id = owner === 'scraper_id' ? scraperId : otherId;
        const table = fn.replace(/_all$/, '');
        const softDelete = DB_TABLES[table];
        if (softDelete === undefined) throw new Error(`unknown db function ${fn}`);
        const live = softDelete && !fn.endsWith('_all') ? 'AND deleted_at IS NULL' : '';
        vars[`db_${fn}_${owner}`] = (
          await s.db.pool.query(`SELECT * FROM ${table} WHERE scraper_id = $1 ${live} ORDER BY created_at`, [id])
        ).rows;
      }
      for (const assertion of c.assertions) {
        const expr = assertion.replace(/db\.(\w+)\((\w+)\)/g, 'db_$1_$2');
        expect(evaluateCel(expr, JSON.parse(JSON.stringify(vars))), `${file}: ${assertion}`).toBe(true);
      }
    });
  }
});
