import { isUuid, type ConfigDetailRow, type ConfigItemRow, type ConfigKeyValueRow, type DbRow } from '@ops/shared';
import { db, type DbList } from '../../../lib/db';

export type ConfigListParams = Record<string, string | string[]>;

/** One page of the flat catalogue list (GET /configs with PostgREST filters; estimated total). */
export function listConfigs(params: ConfigListParams, signal?: AbortSignal): Promise<DbList<ConfigItemRow>> {
  return db.get<ConfigItemRow>('configs', params, { count: 'estimated', signal });
}

/** One config with its body and badge counts (GET /config_detail?id=eq.{id}); null when missing. */
export async function getConfigDetail(id: string, signal?: AbortSignal): Promise<ConfigDetailRow | null> {
  if (!isUuid(id)) return null; // a mistyped link: no such item, not a database type error
  const res = await db.get<ConfigDetailRow>('config_detail', { id: `eq.${id}` }, { signal });
  return res.data[0] ?? null;
}

/** Distinct config types, for the type filters (GET /config_types). */
export async function listConfigTypes(signal?: AbortSignal): Promise<string[]> {
  const res = await db.get<DbRow<'config_types'>>('config_types', { order: 'type.asc' }, { signal });
  return res.data.map((r) => r.type).filter((t): t is string => t !== null);
}

/** Distinct statuses of live items (GET /config_statuses). */
export async function listConfigStatuses(signal?: AbortSignal): Promise<string[]> {
  const res = await db.get<DbRow<'config_statuses'>>('config_statuses', { order: 'status.asc' }, { signal });
  return res.data.map((r) => r.status).filter((s): s is string => !!s);
}

/** Distinct label or tag key/value pairs (GET /config_labels, /config_tags). */
export async function listConfigKeyValues(relation: 'config_labels' | 'config_tags', signal?: AbortSignal): Promise<ConfigKeyValueRow[]> {
  const res = await db.get<ConfigKeyValueRow>(relation, { order: 'key.asc,value.asc', limit: 5000 }, { signal });
  return res.data;
}

/** A one-column lookup view as a list of values (change_types, config_analysis_analyzers, analysis_types). */
export async function listLookup(relation: string, column: string, signal?: AbortSignal): Promise<string[]> {
  const res = await db.get<Record<string, string>>(relation, { order: `${column}.asc` }, { signal });
  return res.data.map((r) => r[column]).filter((v): v is string => !!v);
}
