import { ident } from '../sql/builder.js';

// Spellings PostgreSQL accepts that are not pg_type names.
const ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

/** Cast targets (`col::type`): known type names and aliases → qualified, quoted SQL. */
export function castTypes(rows: { name: string; schema: string }[], schema: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const r of rows) {
    // A type in the exposed schema wins over a pg_catalog one of the same name.
    if (r.schema === schema || !types.has(r.name)) types.set(r.name, `${ident(r.schema)}.${ident(r.name)}`);
  }
  for (const [alias, name] of Object.entries(ALIASES)) {
    const sql = types.get(name);
    if (sql && !types.has(alias)) types.set(alias, sql);
  }
  return types;
}
