import {
  CHANGE_TAG_FILTER_SEPARATOR,
  CHANGES_DEPTH_DEFAULT,
  CHANGES_PAGE_SIZE_DEFAULT,
  decodeConfigType,
  relativeRangeFromOption,
  type CatalogChangesRequest,
  type TimeRange,
} from '@ops/shared';
import { decodeTriState, filterValue, type TriStateMap } from '../../../components/filters';

/** URL params of the changes screens. */
export const CHANGE_PARAMS = {
  configTypes: 'configTypes',
  changeType: 'changeType',
  severity: 'severity',
  tags: 'tags',
  id: 'id',
  summary: 'summary',
  source: 'source',
  createdBy: 'created_by',
  externalCreatedBy: 'external_created_by',
  sortBy: 'sortBy',
  sortDirection: 'sortDirection',
  page: 'page',
  pageSize: 'pageSize',
  downstream: 'downstream',
  upstream: 'upstream',
  changeId: 'changeId',
} as const;

/** Default time range of the changes screens: the last 2 days. */
export const CHANGES_DEFAULT_RANGE: TimeRange = relativeRangeFromOption('2d');
export const CHANGES_DEFAULT_SORT = 'created_at';

/** A tri-state map as the API's comma list: included values as is, excluded ones with '!'. */
export function triStateToList(map: TriStateMap, decode: (v: string) => string = (v) => v): string | undefined {
  const include = Object.entries(map)
    .filter(([, s]) => s === 1)
    .map(([v]) => decode(v));
  const exclude = Object.entries(map)
    .filter(([, s]) => s === -1)
    .map(([v]) => `!${decode(v)}`);
  const all = [...include, ...exclude];
  return all.length ? all.join(',') : undefined;
}

/** Tag filter values `key____value` (':-1' excludes) as the API's selector: `k=v`, `k!=v`, comma separated. */
export function tagSelector(map: TriStateMap): string | undefined {
  const parts: string[] = [];
  for (const [raw, state] of Object.entries(map)) {
    const at = raw.indexOf(CHANGE_TAG_FILTER_SEPARATOR);
    if (at <= 0) continue;
    const key = raw.slice(0, at);
    const value = raw.slice(at + CHANGE_TAG_FILTER_SEPARATOR.length);
    parts.push(`${key}${state === -1 ? '!=' : '='}${value}`);
  }
  return parts.length ? parts.join(',') : undefined;
}

/** How a config's changes take in related items: Downstream (default on) and Upstream (default off). */
export function recursiveMode(downstream: boolean, upstream: boolean): CatalogChangesRequest['recursive'] {
  if (downstream && upstream) return 'all';
  if (downstream) return 'downstream';
  if (upstream) return 'upstream';
  return 'none';
}

export interface ChangesScope {
  /** The config of /catalog/{id}/changes; the all-changes page scopes by the `id` param instead. */
  configId?: string | undefined;
  hideDeleted: boolean;
  fromIso: string | undefined;
  toIso: string | undefined;
}

/** Whether a yes/no URL flag is on, with its default when absent. */
export function flag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = params.get(name);
  return raw === null ? fallback : raw === 'true';
}

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

/**
 * The POST /api/catalog/changes body for the screen's URL: config id with recursion from the
 * Downstream/Upstream toggles (depth 5), config types, change types and severities with '!' exclusions,
 * the tag selector, text filters, the time window, deleted configs per the preference, paging and
 * `sort_by` with a '-' prefix for descending.
 */
export function changesRequest(params: URLSearchParams, scope: ChangesScope): CatalogChangesRequest {
  const request: CatalogChangesRequest = {
    page: positiveInt(params.get(CHANGE_PARAMS.page), 1),
    page_size: positiveInt(params.get(CHANGE_PARAMS.pageSize), CHANGES_PAGE_SIZE_DEFAULT),
    sort_by: `${params.get(CHANGE_PARAMS.sortDirection) === 'asc' ? '' : '-'}${params.get(CHANGE_PARAMS.sortBy) || CHANGES_DEFAULT_SORT}`,
    include_deleted_configs: !scope.hideDeleted,
    depth: CHANGES_DEPTH_DEFAULT,
  };
  const id = scope.configId ?? filterValue(params.get(CHANGE_PARAMS.id));
  if (id) request.id = id;
  if (scope.configId)
    request.recursive = recursiveMode(flag(params, CHANGE_PARAMS.downstream, true), flag(params, CHANGE_PARAMS.upstream, false));
  const types = triStateToList(decodeTriState(params.get(CHANGE_PARAMS.configTypes) ?? params.get('configType')), decodeConfigType);
  if (types) request.config_type = types;
  const changeType = triStateToList(decodeTriState(params.get(CHANGE_PARAMS.changeType)));
  if (changeType) request.type = changeType;
  const severity = triStateToList(decodeTriState(params.get(CHANGE_PARAMS.severity)));
  if (severity) request.severity = severity;
  const tags = tagSelector(decodeTriState(params.get(CHANGE_PARAMS.tags)));
  if (tags) request.tags = tags;
  for (const [param, field] of [
    [CHANGE_PARAMS.summary, 'summary'],
    [CHANGE_PARAMS.source, 'source'],
    [CHANGE_PARAMS.createdBy, 'created_by'],
    [CHANGE_PARAMS.externalCreatedBy, 'external_created_by'],
  ] as const) {
    const value = filterValue(params.get(param)?.trim());
    if (value) request[field] = value;
  }
  if (scope.fromIso) request.from = scope.fromIso;
  if (scope.toIso) request.to = scope.toIso;
  return request;
}
