import { CONNECTION_SORT_KEYS, type ConnectionInput, type ConnectionList, type ConnectionPatch, type ConnectionView } from '@ops/shared';
import { api } from '../../../lib/api-client';

const BASE = '/api/connections';
const one = (id: string): string => `${BASE}/${encodeURIComponent(id)}`;

/** The table's paging and sort as /api/connections takes them. */
export interface ConnectionsPageRequest {
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: 'asc' | 'desc';
}

/** GET /api/connections: one page of the connections not deleted, secrets masked (admin only). */
export function listConnections(req: ConnectionsPageRequest, signal?: AbortSignal): Promise<ConnectionList> {
  const params = new URLSearchParams({ page: String(req.pageIndex + 1), page_size: String(req.pageSize), sort_order: req.sortOrder });
  if (req.sortBy && (CONNECTION_SORT_KEYS as readonly string[]).includes(req.sortBy)) params.set('sort_by', req.sortBy);
  return api.get<ConnectionList>(`${BASE}?${params.toString()}`, { signal });
}

/** GET /api/connections/{id}. */
export function getConnection(id: string, signal?: AbortSignal): Promise<ConnectionView> {
  return api.get<ConnectionView>(one(id), { signal });
}

/** POST /api/connections; the server sets created_by and source 'UI'. */
export function createConnection(input: ConnectionInput): Promise<ConnectionView> {
  return api.post<ConnectionView>(BASE, input);
}

/** PATCH /api/connections/{id}; a secret sent back as the mask keeps the stored one. */
export function updateConnection(id: string, patch: ConnectionPatch): Promise<ConnectionView> {
  return api.patch<ConnectionView>(one(id), patch);
}

/** DELETE /api/connections/{id} (a soft delete). */
export async function deleteConnection(id: string): Promise<void> {
  await api.delete(one(id));
}
