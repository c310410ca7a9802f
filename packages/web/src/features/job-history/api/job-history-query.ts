import { parseDurationMs } from '@ops/shared';
import { filterValue, triStateToPostgrest, type TriStateMap } from '../../../components/filters';

/** The page's filters as read from the URL. */
export interface JobHistoryFilters {
  name?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  status: TriStateMap;
  /** A duration option such as '30s'; runs at least this long. */
  duration?: string | undefined;
  fromIso?: string | undefined;
  toIso?: string | undefined;
}

export type JobHistoryParams = Record<string, string | string[]>;

/**
 * PostgREST params for GET /job_histories: select=*, limit/offset, order, name,
 * resource_type, resource_id, status in/not.in, duration_millis=gte.{ms}, created_at gt/lt the range.
 */
export function jobHistoryParams(filters: JobHistoryFilters, paging: { limit: string; offset: string; order?: string }): JobHistoryParams {
  const out: JobHistoryParams = { select: '*', limit: paging.limit, offset: paging.offset };
  out.order = paging.order ?? 'created_at.desc';
  const name = filterValue(filters.name);
  if (name) out.name = `eq.${name}`;
  const type = filterValue(filters.resourceType);
  if (type) out.resource_type = `eq.${type}`;
  const resourceId = filterValue(filters.resourceId);
  if (resourceId) out.resource_id = `eq.${resourceId}`;
  const status = triStateToPostgrest(filters.status);
  if (status) out.status = status;
  const ms = parseDurationMs(filterValue(filters.duration));
  if (ms !== undefined && ms > 0) out.duration_millis = `gte.${ms}`;
  const range = [filters.fromIso && `gt.${filters.fromIso}`, filters.toIso && `lt.${filters.toIso}`].filter((v): v is string => !!v);
  if (range.length === 1) out.created_at = range[0]!;
  if (range.length === 2) out.created_at = range;
  return out;
}
