import { PgrstError } from '../errors.js';
import { closest } from '../fuzzy.js';
import type { Registry } from '../registry.js';
import type { Relationship, SchemaCache } from '../schema/model.js';

const singleSource = (r: Relationship, h: string) => r.cardinality !== 'm2m' && r.columns.length === 1 && r.columns[0]![0] === h;
const singleTarget = (r: Relationship, h: string) => r.cardinality !== 'm2m' && r.columns.length === 1 && r.columns[0]![1] === h;
const byConstraint = (r: Relationship, h: string) => r.cardinality !== 'm2m' && r.constraint === h;
const byJunction = (r: Relationship, h: string) => r.cardinality === 'm2m' && r.junction?.table === h;

/** PostgREST's matching rules for `target` / `target!hint` (self-references get their own convention). */
function matches(r: Relationship, target: string, hint: string | undefined): boolean {
  if (r.isSelf) {
    if (!hint) return (target === r.target && r.cardinality === 'o2m') || (singleSource(r, target) && r.cardinality === 'm2o');
    return target === r.target && ((r.cardinality === 'o2m' && singleTarget(r, hint)) || byConstraint(r, hint) || byJunction(r, hint));
  }
  if (!hint) return target === r.target || (!r.targetIsView && (byConstraint(r, target) || singleSource(r, target)));
  return target === r.target && (byConstraint(r, hint) || singleSource(r, hint) || singleTarget(r, hint) || byJunction(r, hint));
}

/** Relationships from `source` whose target (and junction) are registered: nothing else is visible. */
export function visibleRelationships(cache: SchemaCache, registry: Registry, source: string): Relationship[] {
  return (cache.relationships.get(source) ?? []).filter(
    (r) => registry.relation(r.target) && (!r.junction || registry.relation(r.junction.table)),
  );
}

/** Find the one relationship an embed means; none → PGRST200 (400), several → PGRST201 (300). */
export function findRelationship(cache: SchemaCache, registry: Registry, source: string, target: string, hint?: string): Relationship {
  const all = visibleRelationships(cache, registry, source);
  const found = all.filter((r) => matches(r, target, hint));
  if (found.length === 1) return found[0]!;
  if (!found.length) {
    const near = closest(target, new Set(all.map((r) => r.target)), 0.5);
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
      near ? `Perhaps you meant '${near}' instead of '${target}'.` : null,
    );
  }
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
    found.map(describe),
    `Try changing '${target}' to one of the following: ${found.map((r) => `'${r.target}!${r.junction ? r.junction.table : r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

const CARDINALITY = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many' } as const;
const cols = (list: string[]) => `(${list.join(', ')})`;

function describe(r: Relationship): { cardinality: string; embedding: string; relationship: string } {
  const relationship = r.junction
    ? `${r.junction.table} using ${r.junction.constraint1}${cols(r.junction.sourceCols.map((p) => p[1]))} and ${r.junction.constraint2}${cols(r.junction.targetCols.map((p) => p[1]))}`
    : `${r.constraint} using ${r.source}${cols(r.columns.map((p) => p[0]))} and ${r.target}${cols(r.columns.map((p) => p[1]))}`;
  return { cardinality: CARDINALITY[r.cardinality], embedding: `${r.source} with ${r.target}`, relationship };
}
