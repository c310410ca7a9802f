import { PgrstError, undefinedColumn } from '../errors.js';
import { closest } from '../fuzzy.js';
import type { Field } from '../parse/ast.js';
import type { FieldRef, RelationLike } from './model.js';
import type { RelationPolicy } from '../types.js';

/** Whether a column may be seen through this policy. */
export function visible(policy: RelationPolicy, column: string): boolean {
  return !policy.hidden?.includes(column);
}

/** Resolve a field against a relation; unknown and hidden columns are PostgreSQL's 42703 (400). */
export function resolveField(rel: RelationLike, policy: RelationPolicy, field: Field): FieldRef {
  const column = rel.columns.get(field.name);
  if (!column || !visible(policy, field.name)) {
    const names = rel.columnList.map((c) => c.name).filter((n) => visible(policy, n));
    const near = closest(field.name, names, 0.6);
    throw undefinedColumn(rel.name, field.name, near ? `Perhaps you meant to reference the column "${rel.name}.${near}".` : null);
  }
  return { column, json: field.json };
}

/** Output key of a selected field: alias, else the last JSON path key, else the column name. */
export function fieldKey(field: Field, alias?: string): string {
  if (alias) return alias;
  const last = field.json[field.json.length - 1];
  return last ? last.key : field.name;
}

// Scalar types a `select` cast may name. Others (regclass, regproc, pg_* types, row types) are refused:
// `name::regclass` would turn client text into catalogue lookups.
const CASTABLE = [
  'text', 'varchar', 'bpchar', 'int2', 'int4', 'int8', 'numeric', 'float4', 'float8', 'bool',
  'json', 'jsonb', 'date', 'timestamp', 'timestamptz', 'time', 'timetz', 'interval', 'uuid',
];
const CASTABLE_SQL = new Set(CASTABLE.map((t) => `"pg_catalog"."${t}"`));

/** Resolve a cast target to SQL; only the scalar types above (and their aliases) are allowed. */
export function resolveCast(types: Map<string, string>, cast: string): string {
  const sql = types.get(cast) ?? types.get(cast.toLowerCase());
  if (!sql) throw new PgrstError(400, '42704', `type "${cast}" does not exist`);
  if (!CASTABLE_SQL.has(sql)) {
    throw new PgrstError(400, 'PGRST100', `cast to type "${cast}" is not allowed`, null, `Cast to one of: ${CASTABLE.join(', ')} (or their aliases such as integer, bigint, boolean, double precision)`);
  }
  return sql;
}
