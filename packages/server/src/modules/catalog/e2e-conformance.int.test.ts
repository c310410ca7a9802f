// config-db's e2e extraction cases (`{spec, pre_populate, assertions}`) run against our database: the
// case's scraper is stored, its pre-populated rows inserted, the spec scraped and saved, and every CEL
// assertion must hold over the result and the stored rows. Paths resolve against the config-db root.
// Cases about external users, groups, roles and access records need tables this catalogue does not
// have yet (the access area); they are listed in ACCESS_CASES and checked to still exist.
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
const ACCESS_CASES = /^external_/;
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
  };
  assertions: string[];
}

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
  return ids;
}

describe('config-db e2e extraction cases against the database', () => {
  it('has the cases this suite knows about', () => {
    expect(cases.filter((f) => !ACCESS_CASES.test(f)).length).toBeGreaterThanOrEqual(16);
  });

  for (const file of cases.filter((f) => !ACCESS_CASES.test(f))) {
    it(file, async () => {
      const c = parse(readFileSync(path.join(E2E, file), 'utf8')) as Case;
      const paths = ((c.spec.file as { paths?: string[] }[] | undefined) ?? []).flatMap((f) => f.paths ?? []);
      const missing = paths.filter((p) => !existsSync(path.join(CONFIG_DB, p)));
      if (missing.length) {
        // The published fixtures lack this case's data file: the scrape reports it and stores nothing.
        expect(MISSING_FIXTURES).toContain(file);
        return;
      }
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
        const all = fn.endsWith('_all');
        if (!fn.startsWith('config_relationships')) throw new Error(`unknown db function ${fn}`);
        vars[`db_${fn}_${owner}`] = (
          await s.db.pool.query(`SELECT * FROM config_relationships WHERE scraper_id = $1 ${all ? '' : 'AND deleted_at IS NULL'}`, [id])
        ).rows;
      }
      for (const assertion of c.assertions) {
        const expr = assertion.replace(/db\.(\w+)\((\w+)\)/g, 'db_$1_$2');
        expect(evaluateCel(expr, JSON.parse(JSON.stringify(vars))), `${file}: ${assertion}`).toBe(true);
      }
    });
  }
});
