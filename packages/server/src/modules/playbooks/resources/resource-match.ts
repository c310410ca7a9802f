// Where a playbook may run: on a config item, component or check that one of its `configs`, `components`
// or `checks` selectors matches, or on no resource when it has no selectors. One statement answers every
// playbook for a resource, so the menu of a config costs one query however many playbooks exist.
import type { PlaybookResourceRef } from '@ops/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlaybookRow } from '../playbooks.repository.js';
import { KINDS, refTarget, type ResourceKind, type ResourceLookup } from './resource-kinds.js';
import { anySelectorSql, SelectorError } from './selector-sql.js';
import { hasSelectors, type PlaybookRowShape, type SpecShape } from './spec-shape.js';

const SPEC_KEY: Record<ResourceKind, 'configs' | 'components' | 'checks'> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

/** Whether a playbook may run on the resource (or, with no resource, whether it needs none). */
export async function playbookAppliesTo(
  db: Kysely<Database>,
  spec: SpecShape,
  ref: PlaybookResourceRef,
  lookup: ResourceLookup = {},
): Promise<boolean> {
  const target = refTarget(ref);
  if (!target) return !hasSelectors(spec);
  const [match] = await matchSpecs(db, target.kind, target.id, [spec], lookup);
  return match ?? false;
}

/** The live playbooks that may run on the resource (or that need none), by category and title. */
export async function runnablePlaybooks<Row extends PlaybookRowShape = PlaybookRow>(
  db: Kysely<Database>,
  ref: PlaybookResourceRef,
): Promise<Row[]> {
  const target = refTarget(ref);
  const key = target ? SPEC_KEY[target.kind] : undefined;
  const { rows } = await sql<Row>`
    SELECT * FROM playbooks
    WHERE deleted_at IS NULL AND ${
      key
        ? sql`jsonb_typeof(spec -> ${key}) = 'array' AND jsonb_array_length(spec -> ${key}) > 0`
        : sql`coalesce(jsonb_array_length(CASE WHEN jsonb_typeof(spec -> 'configs') = 'array' THEN spec -> 'configs' END), 0)
              + coalesce(jsonb_array_length(CASE WHEN jsonb_typeof(spec -> 'components') = 'array' THEN spec -> 'components' END), 0)
              + coalesce(jsonb_array_length(CASE WHEN jsonb_typeof(spec -> 'checks') = 'array' THEN spec -> 'checks' END), 0) = 0`
    }
    ORDER BY category, title, id`.execute(db);
  if (!target) return rows;
  const matches = await matchSpecs(
    db,
    target.kind,
    target.id,
    rows.map((r) => r.spec),
  );
  return rows.filter((_, i) => matches[i]);
}

// One boolean per spec: whether any of its selectors of the kind matches the resource. A selector that
// cannot be read matches nothing (the spec was validated at save; this guards older rows).
async function matchSpecs(
  db: Kysely<Database>,
  kind: ResourceKind,
  id: string,
  specs: readonly SpecShape[],
  { deleted = false }: ResourceLookup = {},
): Promise<boolean[]> {
  if (specs.length === 0) return [];
  const columns: RawBuilder<unknown>[] = specs.map((spec, i) => {
    let cond: RawBuilder<boolean>;
    try {
      cond = anySelectorSql(kind, spec[SPEC_KEY[kind]] ?? []);
    } catch (e) {
      if (!(e instanceof SelectorError)) throw e;
      cond = sql<boolean>`false`;
    }
    return sql`coalesce(${cond}, false) AS ${sql.id(`m${i}`)}`;
  });
  const k = KINDS[kind];
  const { rows } = await sql<Record<string, boolean>>`
    SELECT ${sql.join(columns)} FROM ${k.from} WHERE r.id = ${id}::uuid AND (${deleted} OR ${k.live})`.execute(db);
  const row = rows[0];
  return specs.map((_, i) => row?.[`m${i}`] === true);
}
