import type { z } from 'zod';
import { PgrstError, columnNotFound, invalidBody } from '../errors.js';
import { visible } from '../plan/fields.js';
import type { Column, Relation } from '../schema/model.js';
import { isCsvRows } from './csv.js';
import type { RelationPolicy } from '../types.js';

/** Validated rows of a write body and the columns the statement writes. */
export interface Payload {
  rows: Record<string, unknown>[];
  columns: Column[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const partials = new WeakMap<z.ZodObject, z.ZodObject>();

function partialOf(schema: z.ZodObject): z.ZodObject {
  let p = partials.get(schema);
  if (!p) partials.set(schema, (p = schema.partial()));
  return p;
}

/** The body as rows: one object, or an array of objects for bulk inserts. */
export function bodyRows(body: unknown, allowArray: boolean): Record<string, unknown>[] {
  if (isObject(body)) return [body];
  if (allowArray && Array.isArray(body)) {
    if (!body.every(isObject)) throw invalidBody('Empty or invalid json', 'Every element of the array must be a JSON object');
    return body;
  }
  throw invalidBody(
    'Empty or invalid json',
    allowArray ? 'The body must be a JSON object or an array of objects' : 'The body must be one JSON object',
  );
}

/**
 * Check a write body against the relation: keys are visible columns (PGRST204), bulk rows agree on keys
 * (PGRST102) unless `columns` is given, server-owned keys are dropped, and the policy's zod schema accepts
 * every row (400, naming the column). `partial` validates PATCH bodies.
 */
export function preparePayload(
  rows: Record<string, unknown>[],
  rel: Relation,
  policy: RelationPolicy,
  opts: { columns?: string[]; partial: boolean },
): Payload {
  const owned = new Set(Object.keys(policy.serverOwned ?? {}));
  const check = (name: string): Column => {
    const col = rel.columns.get(name);
    if (!col || !visible(policy, name)) throw columnNotFound(rel.name, name);
    return col;
  };
  let names: string[];
  if (opts.columns) {
    names = opts.columns;
  } else {
    names = Object.keys(rows[0] ?? {});
    const key = [...names].sort().join('\u0000');
    for (const r of rows) {
      if (Object.keys(r).sort().join('\u0000') !== key) throw invalidBody('All object keys must match');
    }
  }
  const columns = names.filter((n) => !owned.has(n)).map(check);
  const keep = new Set(columns.map((c) => c.name));
  const csv = isCsvRows(rows);
  const clean = rows.map((r) =>
    Object.fromEntries(Object.entries(r).flatMap(([k, v]) => (keep.has(k) ? [[k, csv ? fromCsvText(v, rel.columns.get(k)!) : v]] : []))),
  );
  if (policy.schema) validateRows(clean, rel.name, opts.partial ? partialOf(policy.schema) : policy.schema);
  return { rows: clean, columns };
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);

/** CSV values are text: give numbers, booleans and JSON their JSON types so validation sees what the column holds. */
function fromCsvText(v: unknown, col: Column): unknown {
  if (typeof v !== 'string') return v;
  const n = Number(v);
  if (NUMERIC.has(col.udt) && v.trim() !== '' && Number.isFinite(n) && (col.udt !== 'int8' || Number.isSafeInteger(n))) return n;
  if (col.udt === 'bool' && /^(true|false|t|f)$/i.test(v)) return /^t/i.test(v);
  if (col.udt === 'json' || col.udt === 'jsonb') {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }
  return v;
}

function validateRows(rows: Record<string, unknown>[], relation: string, schema: z.ZodObject): void {
  rows.forEach((row, i) => {
    const r = schema.safeParse(row);
    if (r.success) return;
    const issue = r.error.issues[0]!;
    const column = String(issue.path[0] ?? '');
    throw new PgrstError(
      400,
      '23514',
      column
        ? `Invalid value for column '${column}' of '${relation}': ${issue.message}`
        : `Invalid row for '${relation}': ${issue.message}`,
      rows.length > 1 ? `Row ${i + 1} of the request body` : null,
    );
  });
}
