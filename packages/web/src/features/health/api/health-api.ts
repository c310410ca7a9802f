import { isUuid, type CheckRow, type CheckSummaryResponse, type DbRow, type GraphResponse, type RunNowResponse } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';
import { historyParams, type HistoryFilter } from '../lib/history-query';

/** How many recent runs each dashboard row carries (the status dots). */
const RECENT_STATUSES = 5;

/** Query keys: everything under ['health'] refreshes together after Run Now. */
export const healthKeys = {
  all: ['health'] as const,
  summary: (timeRange: string) => ['health', 'summary', timeRange] as const,
  check: (id: string) => ['health', 'check', id] as const,
  graph: (id: string, timeRange: string) => ['health', 'graph', id, timeRange] as const,
  history: (filter: HistoryFilter) => ['health', 'history', filter] as const,
  relationships: (id: string) => ['health', 'relationships', id] as const,
  agents: (ids: readonly string[]) => ['health', 'agents', ...ids] as const,
};

/** The dashboard's rows over the last `timeRange` (e.g. '1h'): GET /api/canary/api/summary. */
export function fetchSummary(timeRange: string, signal?: AbortSignal): Promise<CheckSummaryResponse> {
  return api.get<CheckSummaryResponse>('/api/canary/api/summary', { query: { start: timeRange, statuses: RECENT_STATUSES }, signal });
}

/** The check row: spec, canary, times and badges of the detail (GET /checks?id=eq.{id}). */
export async function fetchCheckRecord(id: string, signal?: AbortSignal): Promise<CheckRow | null> {
  if (!isUuid(id)) return null; // a mistyped link: no such check, not a database type error
  const res = await db.get<CheckRow>('checks', { id: `eq.${id}`, select: '*' }, { signal });
  return res.data[0] ?? null;
}

/** Status and latency over time for the Health Overview chart (GET /api/canary/api/graph). */
export function fetchGraph(id: string, timeRange: string, signal?: AbortSignal): Promise<GraphResponse> {
  return api.get<GraphResponse>('/api/canary/api/graph', { query: { check: id, start: timeRange, count: 300 }, signal });
}

/** One page of the status history with its total (Prefer: count=exact). */
export function fetchHistory(filter: HistoryFilter, signal?: AbortSignal): Promise<DbList<DbRow<'check_statuses'>>> {
  return db.get<DbRow<'check_statuses'>>('check_statuses', historyParams(filter), { count: 'exact', signal });
}

/** Runs a check now (POST /api/canary/run/check/{id}); the server stores the result like a scheduled run. */
export function runCheckNow(id: string): Promise<RunNowResponse> {
  return api.post<RunNowResponse>(`/api/canary/run/check/${encodeURIComponent(id)}`, undefined, { timeoutMs: 120_000 });
}

/** Names of agents by id, for the Agent tabs and badges. */
export async function fetchAgentNames(ids: readonly string[], signal?: AbortSignal): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const res = await db.get<Pick<DbRow<'agents'>, 'id' | 'name'>>('agents', { select: 'id,name', id: `in.(${ids.join(',')})` }, { signal });
  return Object.fromEntries(res.data.map((a) => [a.id, a.name]));
}

export interface CheckRelationships {
  /** Topology components by id (no component pages exist yet, so they are listed, not linked). */
  components: string[];
  /** Config items that exist, with what the catalogue shows of them. */
  configs: { id: string; name: string | null; type: string; deleted: boolean }[];
}

/** Components and config items a check is linked to (checks_by_component, check_summary_for_config). */
export async function fetchRelationships(checkId: string, signal?: AbortSignal): Promise<CheckRelationships> {
  const [components, links] = await Promise.all([
    db.get<Pick<DbRow<'checks_by_component'>, 'component_id'>>(
      'checks_by_component',
      { check_id: `eq.${checkId}`, select: 'component_id' },
      { signal },
    ),
    db.get<Pick<DbRow<'check_summary_for_config'>, 'config_id'>>(
      'check_summary_for_config',
      { id: `eq.${checkId}`, select: 'config_id' },
      { signal },
    ),
  ]);
  const ids = [...new Set(links.data.map((r) => r.config_id))];
  const configs =
    ids.length === 0
      ? []
      : (
          await db.get<Pick<DbRow<'config_items'>, 'id' | 'name' | 'type' | 'deleted_at'>>(
            'config_items',
            { id: `in.(${ids.join(',')})`, select: 'id,name,type,deleted_at', order: 'name.asc' },
            { signal },
          )
        ).data.map((c) => ({ id: c.id, name: c.name, type: c.type, deleted: c.deleted_at !== null }));
  return { components: components.data.map((r) => r.component_id), configs };
}
