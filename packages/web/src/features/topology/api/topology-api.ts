import type { TopologyTreeResponse } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db } from '../../../lib/db';

/** A component's name row (component_names), for breadcrumbs and pickers. */
export interface ComponentName {
  id: string;
  name: string;
  title?: string | null;
  icon?: string | null;
  type?: string | null;
}

/** The tree of GET /api/canary/api/topology for the dashboard's filters and sort. */
export function fetchTopology(query: Record<string, string>, signal?: AbortSignal): Promise<TopologyTreeResponse> {
  return api.get<TopologyTreeResponse>('/api/canary/api/topology', { query, signal });
}

/** Names of components by id (the ancestors of a breadcrumb trail). */
export async function fetchComponentNames(ids: readonly string[], signal?: AbortSignal): Promise<ComponentName[]> {
  if (ids.length === 0) return [];
  const res = await db.get<ComponentName>(
    'component_names',
    { select: 'id,name,title,icon,type', id: `in.(${ids.join(',')})` },
    { signal },
  );
  return res.data;
}

/** Distinct component types (component_types), for the Type filter. */
export async function fetchComponentTypes(signal?: AbortSignal): Promise<string[]> {
  const res = await db.get<{ type: string | null }>('component_types', { order: 'type.asc' }, { signal });
  return res.data.map((r) => r.type).filter((t): t is string => !!t);
}

/** Distinct label pairs of live components (component_labels), for the labels filter. */
export async function fetchComponentLabels(signal?: AbortSignal): Promise<{ key: string; value: string }[]> {
  const res = await db.get<{ key: string; value: string }>('component_labels', { order: 'key.asc,value.asc', limit: 2000 }, { signal });
  return Array.isArray(res.data) ? res.data.filter((r) => r && typeof r.key === 'string') : [];
}

/** Live teams (id, name), for the Team filter. */
export async function fetchTeams(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  const res = await db.get<{ id: string; name: string }>(
    'teams',
    { select: 'id,name', deleted_at: 'is.null', order: 'name.asc' },
    { signal },
  );
  return res.data;
}

/** Agents (id, name), for the Agent filter. */
export async function fetchAgents(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  const res = await db.get<{ id: string; name: string }>(
    'agents',
    { select: 'id,name', deleted_at: 'is.null', order: 'name.asc' },
    { signal },
  );
  return res.data;
}
