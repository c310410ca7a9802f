// The lookups the parameter pickers and the run dialog's resource picker need: resources matching selectors
// (POST /api/resources/search), and people and teams by name through /api/db.
import type { ResourceSearchItem, ResourceSearchRequest, ResourceSearchResponse, ResourceSelector } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db } from '../../../lib/db';

/** Which resource list a picker reads. */
export type ResourceKind = 'config' | 'component' | 'check';

/** A person or a team as a picker offers it. */
export interface DirectoryEntry {
  id: string;
  name: string;
  email?: string | null;
}

/** How many entries a picker loads at most: the user narrows a longer list by typing. */
export const PICKER_LIMIT = 100;

export const paramsKeys = {
  search: (request: ResourceSearchRequest) => ['playbooks', 'resource-search', request] as const,
  directory: (kind: 'people' | 'teams') => ['playbooks', 'directory', kind] as const,
};

/** POST /api/resources/search: configs, components and checks matching any selector of each list. */
export function searchResources(request: ResourceSearchRequest, signal?: AbortSignal): Promise<ResourceSearchResponse> {
  return api.post<ResourceSearchResponse>('/api/resources/search', request, { signal });
}

/** The search request of one kind with the given selectors (an empty selector matches every resource). */
export function searchRequestFor(kind: ResourceKind, selectors: ResourceSelector[] | undefined): ResourceSearchRequest {
  const list = selectors?.length ? selectors : [{}];
  const key = kind === 'config' ? 'configs' : kind === 'component' ? 'components' : 'checks';
  return { [key]: list, limit: PICKER_LIMIT };
}

/** The items of one kind from a search answer. */
export function itemsOf(kind: ResourceKind, res: ResourceSearchResponse | undefined): ResourceSearchItem[] {
  if (!res) return [];
  return kind === 'config' ? res.configs : kind === 'component' ? res.components : res.checks;
}

/** Live people or teams by name, for the people and team parameters (values are their ids). */
export async function listDirectory(kind: 'people' | 'teams', signal?: AbortSignal): Promise<DirectoryEntry[]> {
  const select = kind === 'people' ? 'id,name,email' : 'id,name';
  const res = await db.get<DirectoryEntry>(kind, { select, deleted_at: 'is.null', order: 'name.asc', limit: PICKER_LIMIT }, { signal });
  return res.data;
}
