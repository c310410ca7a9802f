import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (any database name is replaced per test file). */
    pgAdminUrl: string;
    /** A migrated database that each test file copies with CREATE DATABASE … TEMPLATE. */
    pgTemplate: string;
  }
}

const TEMPLATE = 'ops_template';
let embedded: EmbeddedHandle | undefined;

/**
 * One PostgreSQL for the whole integration run: the embedded one, or TEST_DATABASE_URL / DATABASE_URL
 * (a superuser on e.g. Debian's PostgreSQL 15). The schema is migrated once into a template.
 */
export async function setup(project: TestProject): Promise<void> {
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    const dir = path.resolve('.test-data/pg-' + process.pid);
    rmSync(dir, { recursive: true, force: true });
    const port = 15_000 + (process.pid % 20_000);
    embedded = await startEmbeddedPostgres(dir, port);
    url = embedded.url;
  }
  const admin = new pg.Client({ connectionString: withDb(url, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: withDb(url, TEMPLATE), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('pgAdminUrl', withDb(url, 'postgres'));
  project.provide('pgTemplate', TEMPLATE);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
