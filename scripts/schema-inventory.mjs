// `npm run schema:inventory [-- --check]`: migrate a fresh database (the embedded PostgreSQL in a scratch folder, or a
// new database on TEST_DATABASE_URL's server), read back its tables, views, triggers and functions and write
// docs/schema.md. Fails, naming them, when a trigger has no purpose note in docs/schema-notes.json or a note cites
// an ADR that does not exist. `--check` writes nothing and fails when docs/schema.md differs.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { startEmbeddedPostgres } = await import('../packages/server/src/db/embedded.ts');
const { migrate } = await import('../packages/server/src/db/migrate.ts');
const { renderSchemaDoc, SCHEMA_DOC, OUT_OF_DATE } = await import('../packages/server/src/test/schema-doc.ts');

const check = process.argv.includes('--check');

/** A fresh, empty database and how to get rid of it again. */
async function freshDatabase() {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `ops_schema_inventory_${process.pid}`;
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
  const dir = path.join(ROOT, '.test-data', `schema-inventory-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres(dir, 35_000 + (process.pid % 20_000));
  return {
    url: embedded.url,
    dispose: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const db = await freshDatabase();
let result;
try {
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    await migrate(pool);
    result = await renderSchemaDoc(pool);
  } finally {
    await pool.end();
  }
} finally {
  await db.dispose();
}

const { markdown, problems } = result;
for (const f of problems.functionsWithoutNote) console.warn(`note: function ${f} has no purpose note in docs/schema-notes.json`);
for (const n of problems.unusedNotes) console.warn(`note: docs/schema-notes.json describes ${n}, which the database no longer has`);
const fatal = [
  ...problems.triggersWithoutNote.map((t) => `trigger ${t} has no purpose note in docs/schema-notes.json`),
  ...problems.unknownAdrs.map((a) => `${a} cites an ADR that docs/adr does not have`),
];
if (fatal.length) {
  for (const f of fatal) console.error(`error: ${f}`);
  process.exit(1);
}
const current = existsSync(SCHEMA_DOC) ? readFileSync(SCHEMA_DOC, 'utf8') : '';
if (check) {
  if (current !== markdown) {
    console.error(OUT_OF_DATE);
    process.exit(1);
  }
  console.log('docs/schema.md is up to date');
} else {
  writeFileSync(SCHEMA_DOC, markdown);
  console.log(current === markdown ? 'docs/schema.md unchanged' : 'docs/schema.md written');
}
