// A freshly migrated scratch database for the generators (schema inventory, row types): the embedded
// PostgreSQL in a scratch folder, or a new database on TEST_DATABASE_URL's server. `withMigratedDatabase`
// runs `read(pool)` against it and removes it again, whatever happens.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { startEmbeddedPostgres } = await import('../../packages/server/src/db/embedded.ts');
const { migrate } = await import('../../packages/server/src/db/migrate.ts');

/** A fresh, empty database named after `label`, and how to get rid of it again. */
async function freshDatabase(label, portSalt) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `ops_${label.replaceAll('-', '_')}_${process.pid}`;
    const admin = new URL(external);
    admin.pathname = '/postgres';
    const run = async (sql) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    return { url: url.toString(), dispose: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dir = path.join(ROOT, '.test-data', `${label}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres(dir, 35_000 + ((process.pid + portSalt) % 20_000));
  return {
    url: embedded.url,
    dispose: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrate a fresh database, give `read` a pool on it, then drop it; answers what `read` answered. */
export async function withMigratedDatabase(label, portSalt, read) {
  const db = await freshDatabase(label, portSalt);
  try {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      await migrate(pool);
      return await read(pool);
    } finally {
      await pool.end();
    }
  } finally {
    await db.dispose();
  }
}

export { ROOT };
