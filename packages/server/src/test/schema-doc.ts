import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import * as prettier from 'prettier';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { readSchemaInventory } from '../db/schema-inventory.js';
import { checkSchemaNotes, renderSchemaMarkdown, type NotesProblems, type SchemaNotes } from '../db/schema-markdown.js';

// One path from a migrated database to the text of docs/schema.md, shared by `npm run schema:inventory`
// (which writes it) and the integration test (which compares it), so the two cannot disagree.

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const SCHEMA_DOC = path.join(REPO_ROOT, 'docs/schema.md');
export const SCHEMA_NOTES = path.join(REPO_ROOT, 'docs/schema-notes.json');
export const OUT_OF_DATE = 'docs/schema.md is out of date: run npm run schema:inventory';

/** The formatted docs/schema.md for the database behind `db`, and what the notes lack. */
export async function renderSchemaDoc(db: pg.Pool | pg.Client): Promise<{ markdown: string; problems: NotesProblems }> {
  const notes = JSON.parse(readFileSync(SCHEMA_NOTES, 'utf8')) as SchemaNotes;
  const adrFiles = readdirSync(path.join(REPO_ROOT, 'docs/adr'))
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort();
  const inv = await readSchemaInventory(db, MIGRATIONS_DIR);
  const raw = renderSchemaMarkdown(inv, notes, adrFiles);
  // Formatted like the rest of the repository, so `prettier --check .` stays clean after a regeneration.
  const options = (await prettier.resolveConfig(SCHEMA_DOC)) ?? {};
  const markdown = await prettier.format(raw, { ...options, parser: 'markdown' });
  return { markdown, problems: checkSchemaNotes(inv, notes, adrFiles) };
}
