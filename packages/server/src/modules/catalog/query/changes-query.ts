// `POST /api/catalog/changes` as SQL: the changes-search filters over config_changes joined with its item.
// One statement for the page, one for the total and the counts by change type (run side by side).
import { isUuid, decodeConfigType, type CatalogChangesQuery } from '@ops/shared';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../../http/errors.js';
import { listConditions, parseListFilter, substringConditions } from './list-filter.js';
import { parseTagSelector, tagConditions } from './tag-selector.js';
import { timePoint } from './time-point.js';

/** Sortable and filterable fields of a listed change. */
export const CHANGE_FIELDS: Record<string, string> = {
  id: 'cc.id::text',
  config_id: 'cc.config_id::text',
  external_change_id: 'cc.external_change_id',
  change_type: 'cc.change_type',
  severity: 'cc.severity',
  source: 'cc.source',
  summary: 'cc.summary',
  created_by: 'cc.created_by::text',
  external_created_by: 'cc.external_created_by',
  created_at: 'cc.created_at',
  first_observed: 'cc.first_observed',
  count: 'cc.count',
  name: 'ci.name',
  type: 'ci.type',
  config_type: 'ci.type',
  config_class: 'ci.config_class',
  status: 'ci.status',
  health: 'ci.health',
  agent_id: 'ci.agent_id::text',
};

/** ORDER BY of `sort_by` ('-' prefix for descending), with the id as tie-breaker. */
export function changesOrder(sortBy: string): RawBuilder<unknown> {
  const desc = sortBy.startsWith('-');
  const field = desc ? sortBy.slice(1) : sortBy;
  const column = CHANGE_FIELDS[field];
  if (!column || field === 'id')
    throw badRequest(
      `sort_by: '${field}' is not a sortable field (use ${Object.keys(CHANGE_FIELDS)
        .filter((f) => f !== 'id')
        .join(', ')})`,
    );
  const dir = desc ? 'DESC' : 'ASC';
  return sql.raw(`${column} ${dir} NULLS LAST, cc.id ${dir}`);
}

/**
 * The WHERE conditions of a changes query, on the change (`cc`) and on its item (`ci`); `configIds` are the
 * ids (and related ids) to restrict to. Hiding deleted items is kept apart: without other item conditions
 * the count runs as an anti-join on the few deleted items instead of joining every item.
 */
export function changesConditions(
  query: CatalogChangesQuery,
  configIds: string[] | undefined,
  now: Date,
): { change: RawBuilder<unknown>[]; item: RawBuilder<unknown>[]; hideDeleted: boolean } {
  const out: RawBuilder<unknown>[] = [];
  const item: RawBuilder<unknown>[] = [];
  const from = timePoint('from', query.from, now);
  out.push(sql`cc.created_at >= ${from}`);
  if (query.to) {
    const to = timePoint('to', query.to, now);
    if (to < from) throw badRequest(`to (${to.toISOString()}) must not be before from (${from.toISOString()})`);
    out.push(sql`cc.created_at <= ${to}`);
  }
  if (configIds) out.push(sql`cc.config_id = ANY(${configIds}::uuid[])`);
  item.push(...listConditions('ci.type', parseListFilter(query.config_type, decodeConfigType)));
  out.push(...listConditions('cc.change_type', parseListFilter(query.type)));
  out.push(...listConditions('cc.severity', parseListFilter(query.severity)));
  out.push(...listConditions('cc.source', parseListFilter(query.source)));
  // Created By matches what the column shows: the source's author, else the person who made the change.
  out.push(...listConditions('coalesce(cc.external_created_by, cc.created_by::text)', parseListFilter(query.created_by)));
  out.push(...listConditions('cc.external_created_by', parseListFilter(query.external_created_by)));
  out.push(...substringConditions('cc.summary', parseListFilter(query.summary)));
  item.push(...tagConditions('ci.tags', parseTagSelector(query.tags)));
  for (const [key, value] of Object.entries(query.filters ?? {})) {
    const column = CHANGE_FIELDS[key];
    if (!column) throw badRequest(`filters.${key}: unknown field (use ${Object.keys(CHANGE_FIELDS).join(', ')})`);
    (column.startsWith('ci.') ? item : out).push(...listConditions(column, parseListFilter(value)));
  }
  return { change: out, item, hideDeleted: !query.include_deleted_configs };
}

/** The config ids named by `id` (comma separated); 400 naming a malformed one. */
export function requestedIds(id: string | undefined): string[] | undefined {
  if (!id?.trim()) return undefined;
  const ids = id
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.find((s) => !isUuid(s));
  if (bad) throw badRequest(`id: '${bad}' is not a config id (uuid)`);
  return ids;
}

export const CHANGE_LIST_COLUMNS = sql.raw(`cc.id, cc.config_id, cc.external_change_id, cc.change_type, cc.severity, cc.source, cc.summary,
  cc.created_by, cc.external_created_by, cc.created_at, cc.first_observed, cc.count, ci.name, ci.type, ci.config_class, ci.tags,
  ci.agent_id, ci.deleted_at`);
