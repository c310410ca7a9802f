import type { ConnectionInput, ConnectionPatch, ConnectionView } from '@ops/shared';
import { api } from '../../../lib/api-client';

const BASE = '/api/connections';
const one = (id: string): string => `${BASE}/${encodeURIComponent(id)}`;

/** GET /api/connections: every connection not deleted, newest first, secrets masked (admin only). */
export function listConnections(signal?: AbortSignal): Promise<ConnectionView[]> {
  return api.get<ConnectionView[]>(BASE, { signal });
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
