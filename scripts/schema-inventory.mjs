// `npm run schema:inventory [-- --check]`: migrate a fresh database (the embedded PostgreSQL in a scratch folder, or a
// new database on TEST_DATABASE_URL's server), read back its tables, views, triggers and functions and write
// docs/schema.md. Fails, naming them, when a trigger has no purpose note in docs/schema-notes.json or a note cites
// an ADR that does not exist. `--check` writes nothing and fails when docs/schema.md differs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { withMigratedDatabase } from './lib/migrated-database.mjs';

const { renderSchemaDoc, SCHEMA_DOC, OUT_OF_DATE } = await import('../packages/server/src/test/schema-doc.ts');

const check = process.argv.includes('--check');

const result = await withMigratedDatabase('schema-inventory', 0, (pool) => renderSchemaDoc(pool));

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
