// `npm run schema:types [-- --check]`: migrate a fresh database (the embedded PostgreSQL in a scratch folder, or a
// new database on TEST_DATABASE_URL's server), read the columns of every relation registered for /api/db and write
// packages/shared/src/db/rows.generated.ts. `--check` writes nothing and fails when the committed file differs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, withMigratedDatabase } from './lib/migrated-database.mjs';

const { renderDbRowTypes, ROWS_FILE, ROWS_OUT_OF_DATE } = await import('../packages/server/src/test/db-row-types.ts');
const { RELATIONS, RPC_FUNCTIONS } = await import('../packages/server/src/modules/relations.ts');

const check = process.argv.includes('--check');
const relative = path.relative(ROOT, ROWS_FILE);

const source = await withMigratedDatabase('db-row-types', 7, (pool) =>
  renderDbRowTypes(pool, { relations: RELATIONS, functions: RPC_FUNCTIONS }),
);

const current = existsSync(ROWS_FILE) ? readFileSync(ROWS_FILE, 'utf8') : '';
if (check) {
  if (current !== source) {
    console.error(ROWS_OUT_OF_DATE);
    process.exit(1);
  }
  console.log(`${relative} is up to date`);
} else {
  mkdirSync(path.dirname(ROWS_FILE), { recursive: true });
  writeFileSync(ROWS_FILE, source);
  console.log(current === source ? `${relative} unchanged` : `${relative} written`);
}
// The imported server modules may leave handles (timers, pools) open; the work is done.
process.exit(0);
