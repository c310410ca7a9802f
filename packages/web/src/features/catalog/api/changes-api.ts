import type { CatalogChangesRequest, CatalogChangesResponse, ConfigChangeRow } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db } from '../../../lib/db';

/** One page of changes with the total (POST /api/catalog/changes). */
export function searchChanges(request: CatalogChangesRequest, signal?: AbortSignal): Promise<CatalogChangesResponse> {
  return api.post<CatalogChangesResponse>('/api/catalog/changes', request, { signal });
}

/** One change with its patches and diff (GET /config_changes?id=eq.{id}, plus &config_id=eq.{configId} when known). */
export async function getChange(id: string, configId: string | undefined, signal?: AbortSignal): Promise<ConfigChangeRow | null> {
  const params: Record<string, string> = { id: `eq.${id}` };
  if (configId) params.config_id = `eq.${configId}`;
  const res = await db.get<ConfigChangeRow>('config_changes', params, { signal });
  return res.data[0] ?? null;
}
