// The check filters of the summary and /api calls, parsed from query text into bound SQL conditions.
import { isUuid } from '@ops/shared';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../http/errors.js';

/** Filters on live checks; every value ends up as a bound parameter. */
export interface CheckFilter {
  checkIds?: string[];
  canaryIds?: string[];
  namespace?: string;
  status?: 'healthy' | 'unhealthy';
  /** An agent id or name. */
  agent?: string;
  /** Labels every check must carry ('key' or 'key=value'), and labels none may carry. */
  include: string[];
  exclude: string[];
  /** Case-insensitive text in the name, description, endpoint or canary name. */
  query?: string;
}

/** Reads the filter parameters; 400 naming the parameter when one is malformed. */
export function parseCheckFilter(q: {
  check_id?: string;
  canary_id?: string;
  namespace?: string;
  status?: 'healthy' | 'unhealthy';
  agent?: string;
  labels?: string;
  query?: string;
}): CheckFilter {
  const labels = parseLabels(q.labels);
  return {
    checkIds: uuidList('check_id', q.check_id),
    canaryIds: uuidList('canary_id', q.canary_id),
    namespace: q.namespace || undefined,
    status: q.status,
    agent: q.agent || undefined,
    include: labels.include,
    exclude: labels.exclude,
    query: q.query?.trim() || undefined,
  };
}

function uuidList(field: string, text: string | undefined): string[] | undefined {
  if (!text) return undefined;
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of ids) assertUuid(field, id);
  return ids;
}

/** 400 naming the parameter unless `value` is a UUID (ids go into uuid casts). */
export function assertUuid(field: string, value: string): string {
  if (!isUuid(value)) throw badRequest(`${field}: "${value}" is not a UUID`);
  return value;
}

/**
 * `labels` as the dashboard's JSON map of 'key=value' (or 'key') to 1 (include) or -1 (exclude), or as
 * plain 'key=value,key2=value2' pairs that must all match.
 */
export function parseLabels(text: string | undefined): { include: string[]; exclude: string[] } {
  const out = { include: [] as string[], exclude: [] as string[] };
  if (!text?.trim()) return out;
  if (text.trim().startsWith('{')) {
    let map: unknown;
    try {
      map = JSON.parse(text);
    } catch {
      throw badRequest('labels: must be a JSON map of "key=value" to 1 or -1, or key=value pairs separated by commas');
    }
    for (const [id, state] of Object.entries(map as Record<string, unknown>)) {
      if (state === 1 || state === '1') out.include.push(id);
      else if (state === -1 || state === '-1') out.exclude.push(id);
      else if (state !== 0 && state !== '0') throw badRequest(`labels: the state of "${id}" must be 1, -1 or 0`);
    }
    return out;
  }
  out.include = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return out;
}

/** Whether the filter narrows the live checks at all. */
export function narrows(f: CheckFilter): boolean {
  return !!(f.checkIds || f.canaryIds || f.namespace || f.status || f.agent || f.include.length || f.exclude.length || f.query);
}

/** The WHERE conditions for checks aliased `c` joined to canaries aliased `ca`. */
export function filterConditions(f: CheckFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [sql`c.deleted_at IS NULL`, sql`ca.deleted_at IS NULL`];
  if (f.checkIds) where.push(sql`c.id = ANY(${f.checkIds}::uuid[])`);
  if (f.canaryIds) where.push(sql`c.canary_id = ANY(${f.canaryIds}::uuid[])`);
  if (f.namespace) where.push(sql`c.namespace = ${f.namespace}`);
  if (f.status) where.push(sql`c.status = ${f.status}`);
  if (f.agent) where.push(sql`c.agent_id IN (SELECT a.id FROM agents a WHERE a.id::text = ${f.agent} OR a.name = ${f.agent})`);
  for (const id of f.include) where.push(labelMatch(id));
  for (const id of f.exclude) where.push(sql`NOT ${labelMatch(id)}`);
  if (f.query) {
    const like = `%${f.query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(c.name ILIKE ${like} OR c.description ILIKE ${like} OR c.endpoint ILIKE ${like} OR ca.name ILIKE ${like})`);
  }
  return where;
}

function labelMatch(id: string): RawBuilder<unknown> {
  const eq = id.indexOf('=');
  if (eq < 0) return sql`(c.labels ? ${id})`;
  return sql`(c.labels @> ${JSON.stringify({ [id.slice(0, eq)]: id.slice(eq + 1) })}::jsonb)`;
}
