// The query-style rule of tools/eslint-plugin-ops.js (ADR 0012) on small samples: raw pg (imports of `pg`, the
// catalogue's Queryable, `.query(sql, …)` calls) only in the allowed places; Kysely everywhere.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repo, 'packages/server/src');
// The tools are plain JavaScript outside every tsconfig: load them by URL.
const plugin = (
  (await import(pathToFileURL(path.join(repo, 'tools/eslint-plugin-ops.js')).href)) as {
    default: NonNullable<Linter.Config['plugins']>[string];
  }
).default;

function lint(file: string, code: string, options?: { allow: string[] }): string[] {
  const linter = new Linter({ configType: 'flat', cwd: '/' });
  const rule = options ? ['error', options] : 'error';
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      plugins: { ops: plugin },
      rules: { 'ops/server-query-style': rule as Linter.RuleEntry },
    },
  ];
  return linter.verify(code, config, path.join(src, file)).map((m) => m.message);
}

const RAW_POOL = "import type pg from 'pg';\nexport const n = (pool: pg.Pool) => pool.query('SELECT 1');\n";
const QUERYABLE =
  "import type { Queryable } from '../persistence/queryable.js';\nexport const n = (q: Queryable) => q.query('SELECT 1', []);\n";
const KYSELY =
  "import { sql, type Kysely } from 'kysely';\nexport const n = (db: Kysely<object>) => sql`SELECT 1`.execute(db);\nexport const t = (r: { query(): number }) => r.query();\n";

describe('server-query-style', () => {
  it('reports raw pg, the Queryable and .query(sql) calls outside the allowed places', () => {
    expect(lint('modules/teams/sample.ts', RAW_POOL)).toEqual([
      expect.stringContaining("Importing 'pg'"),
      expect.stringContaining('`.query(sql, …)` call'),
    ]);
    expect(lint('modules/catalog/query/sample.ts', QUERYABLE)).toEqual([
      expect.stringContaining('Queryable'),
      expect.stringContaining('`.query(sql, …)` call'),
    ]);
    expect(lint('modules/health/sample.ts', "export const m = () => import('pg');\n")).toHaveLength(1);
    expect(
      lint('jobs/sample.ts', 'export const n = (ctx: { db: { pool: { query(s: string): unknown } } }) => ctx.db.pool.query(`SELECT 1`);\n'),
    ).toHaveLength(1);
  });

  it('accepts Kysely anywhere, and raw pg in the places of ADR 0012 and in tests', () => {
    expect(lint('modules/teams/sample.ts', KYSELY)).toEqual([]);
    expect(lint('rest/exec/sample.ts', RAW_POOL)).toEqual([]);
    expect(lint('db/sample.ts', RAW_POOL)).toEqual([]);
    expect(lint('modules/catalog/persistence/sample.ts', QUERYABLE)).toEqual([]);
    expect(lint('modules/health/engine/checks/sql/sample.ts', RAW_POOL)).toEqual([]);
    expect(lint('modules/health/summary-json.repository.ts', RAW_POOL)).toEqual([]);
    expect(lint('modules/teams/sample.int.test.ts', RAW_POOL)).toEqual([]);
    // A file allowed by name does not open its folder.
    expect(lint('modules/health/summary.repository.ts', RAW_POOL)).toHaveLength(2);
  });

  it('takes extra files or folders from the `allow` option', () => {
    expect(lint('modules/catalog/scrapers/sample.ts', QUERYABLE, { allow: ['modules/catalog/scrapers/sample.ts'] })).toEqual([]);
    expect(lint('modules/catalog/scrapers/other.ts', QUERYABLE, { allow: ['modules/catalog/scrapers/sample.ts'] })).toHaveLength(2);
    expect(lint('modules/catalog/scrapers/other.ts', QUERYABLE, { allow: ['modules/catalog/'] })).toEqual([]);
  });
});
