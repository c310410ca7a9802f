import type { CatalogChangesRequest, CatalogChangesResponse, ConfigChangeRow } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db } from '../../../lib/db';

/** One page of changes with the total (POST /api/catalog/changes). */
export function searchChanges(request: CatalogChangesRequest, signal?: AbortSignal): Promise<CatalogChangesResponse> {
  return api.post<CatalogChangesResponse>('/api/catalog/changes', request, { signal });
}

/** One change with its patches and diff (GET /config_changes?id=eq.{id}&config_id=eq.{configId}). */
export async function getChange(id: string, configId: string, signal?: AbortSignal): Promise<ConfigChangeRow | null> {
  const res = await db.get<ConfigChangeRow>('config_changes', { id: `eq.${id}`, config_id: `eq.${configId}` }, { signal });
  return res.data[0] ?? null;
}
