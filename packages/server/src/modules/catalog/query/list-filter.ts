// Filter values of the catalogue calls: comma lists whose entries may be excluded with a '!' prefix or
// the URL's tri-state suffix (':1' include, ':-1' exclude, ':0' ignored); 'all' means no filter.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../../http/errors.js';

export interface ListFilter {
  include: string[];
  exclude: string[];
}

/** Parse `a,!b,c:-1,d:1` into included and excluded values; empty entries and 'all' are dropped. */
export function parseListFilter(value: string | undefined, map: (v: string) => string = (v) => v): ListFilter {
  const out: ListFilter = { include: [], exclude: [] };
  for (const raw of (value ?? '').split(',')) {
    let v = raw.trim();
    if (!v || v.toLowerCase() === 'all') continue;
    let exclude = false;
    const tri = /:(-?[01])$/.exec(v);
    if (tri) {
      v = v.slice(0, -tri[0].length);
      if (tri[1] === '0') continue;
      exclude = tri[1] === '-1';
    }
    if (v.startsWith('!')) {
      exclude = true;
      v = v.slice(1);
    }
    if (v) (exclude ? out.exclude : out.include).push(map(v));
  }
  return out;
}

/** SQL conditions of a list filter on `column` (NULL counts as not excluded); none when the filter is empty. */
export function listConditions(column: string, f: ListFilter): RawBuilder<unknown>[] {
  const c = sql.raw(column);
  const out: RawBuilder<unknown>[] = [];
  if (f.include.length) out.push(sql`${c} = ANY(${f.include}::text[])`);
  if (f.exclude.length) out.push(sql`(${c} IS NULL OR NOT ${c} = ANY(${f.exclude}::text[]))`);
  return out;
}

/** Same for substring matches (case-insensitive), e.g. change summaries. */
export function substringConditions(column: string, f: ListFilter): RawBuilder<unknown>[] {
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const c = sql.raw(column);
  const out: RawBuilder<unknown>[] = [];
  if (f.include.length) out.push(sql`${c} ILIKE ANY(${f.include.map(like)}::text[])`);
  if (f.exclude.length) out.push(sql`(${c} IS NULL OR NOT ${c} ILIKE ANY(${f.exclude.map(like)}::text[]))`);
  return out;
}

/** `key__:__value` pairs (comma separated) or a key → value map, as equality on a jsonb column. */
export function keyValueMap(value: Record<string, string> | string | undefined, separator: string, field: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'string') return value;
  const out: Record<string, string> = {};
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const at = entry.indexOf(separator);
    const eq = at >= 0 ? at : entry.indexOf('=');
    if (eq <= 0) throw badRequest(`${field}: '${entry}' is not key${separator}value`);
    out[entry.slice(0, eq)] = entry.slice(eq + (at >= 0 ? separator.length : 1));
  }
  return out;
}
