import { CATALOG_GROUP_BY_DEFAULT, decodeConfigType, TAG_GROUP_SUFFIX, type CatalogSummaryRequest } from '@ops/shared';
import { decodeTriState, filterValue, quotePostgrestValue, triStateToPostgrest } from '../../../components/filters';
import { decodeLabelFilters, labelFilterParams } from './label-filter';

/** URL params of /catalog. */
export const CATALOG_PARAMS = {
  groupBy: 'groupBy',
  configType: 'configType',
  labels: 'labels',
  tags: 'tags',
  status: 'status',
  health: 'health',
  search: 'search',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  groupByProp: 'groupByProp',
} as const;

/** The list's columns as the GET /configs select names them, with the agent embedded. */
export const CONFIG_LIST_SELECT =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)';

/** Columns the flat list can sort by on the server. */
export const SORTABLE_COLUMNS = [
  'type',
  'name',
  'status',
  'health',
  'created_at',
  'updated_at',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'changes',
] as const;

/** The catalogue's filters as read from the URL. */
export interface CatalogFilters {
  groupBy: string[];
  configType: string | undefined;
  labels: string | undefined;
  tags: string | undefined;
  status: string | undefined;
  health: string | undefined;
  search: string | undefined;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  groupByProp: string | undefined;
}

/** Reads /catalog's params with their defaults (groupBy 'config_class,type', sort by type ascending). */
export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  const groupBy = (params.get(CATALOG_PARAMS.groupBy) ?? CATALOG_GROUP_BY_DEFAULT)
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  const order = params.get(CATALOG_PARAMS.sortOrder);
  const sortBy = params.get(CATALOG_PARAMS.sortBy);
  return {
    groupBy: groupBy.length ? groupBy : CATALOG_GROUP_BY_DEFAULT.split(','),
    configType: filterValue(params.get(CATALOG_PARAMS.configType)),
    labels: filterValue(params.get(CATALOG_PARAMS.labels)),
    tags: filterValue(params.get(CATALOG_PARAMS.tags)),
    status: filterValue(params.get(CATALOG_PARAMS.status)),
    health: filterValue(params.get(CATALOG_PARAMS.health)),
    search: filterValue(params.get(CATALOG_PARAMS.search)?.trim()),
    sortBy: sortBy && (SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : 'type',
    sortOrder: order === 'desc' ? 'desc' : 'asc',
    groupByProp: filterValue(params.get(CATALOG_PARAMS.groupByProp)),
  };
}

/** With no configType and no search the summary grouped table shows; otherwise the flat list. */
export function showsSummary(filters: Pick<CatalogFilters, 'configType' | 'search'>): boolean {
  return !filters.configType && !filters.search;
}

/** The POST /api/catalog/summary body for the current filters; deleted items count only when shown. */
export function summaryRequest(filters: CatalogFilters, hideDeleted: boolean): CatalogSummaryRequest {
  const request: CatalogSummaryRequest = {
    groupBy: filters.groupBy,
    deleted: !hideDeleted,
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  };
  if (filters.labels) request.labels = filters.labels;
  if (filters.tags) request.tags = filters.tags;
  if (filters.health) request.health = filters.health;
  if (filters.status) request.status = filters.status;
  return request;
}

/** PostgREST's ilike pattern for a search text (its own '*' and quoting rules). */
function ilike(text: string): string {
  return quotePostgrestValue(`*${text.replace(/[*"\\]/g, '')}*`);
}

/** A groupByProp key as the server column to sort by first (a tag key ends with __tag). */
export function groupByPropColumn(prop: string): string {
  return prop.endsWith(TAG_GROUP_SUFFIX) ? `tags->>${prop.slice(0, -TAG_GROUP_SUFFIX.length)}` : prop;
}

/**
 * GET /configs params for the flat list: type=eq, status and health include/exclude, an or-search
 * over name, type, description and namespace, labels->> filters, order (type sorts as type,name; deleted rows
 * sort first by deleted_at; a groupByProp sorts first), deleted_at=is.null when deleted items are hidden.
 */
export function configListParams(filters: CatalogFilters, hideDeleted: boolean): Record<string, string> {
  const out: Record<string, string> = { select: CONFIG_LIST_SELECT };
  if (filters.configType) out.type = `eq.${decodeConfigType(filters.configType)}`;
  const status = triStateToPostgrest(decodeTriState(filters.status));
  if (status) out.status = status;
  const health = triStateToPostgrest(decodeTriState(filters.health));
  if (health) out.health = health;
  if (filters.search) {
    const p = ilike(filters.search);
    out.or = `(name.ilike.${p},type.ilike.${p},description.ilike.${p},tags->>namespace.ilike.${p})`;
  }
  Object.assign(out, labelFilterParams(decodeLabelFilters(filters.labels)));
  for (const [column, value] of Object.entries(labelFilterParams(decodeLabelFilters(filters.tags)))) {
    out[column.replace(/^labels->>/, 'tags->>')] = value;
  }
  if (hideDeleted) out.deleted_at = 'is.null';
  const order: string[] = [];
  if (!hideDeleted) order.push('deleted_at.desc.nullslast');
  if (filters.groupByProp) order.push(`${groupByPropColumn(filters.groupByProp)}.asc.nullslast`);
  order.push(`${filters.sortBy}.${filters.sortOrder}`);
  if (filters.sortBy === 'type') order.push(`name.${filters.sortOrder}`);
  if (filters.sortBy !== 'name' && filters.sortBy !== 'type') order.push('name.asc');
  out.order = order.join(',');
  return out;
}
