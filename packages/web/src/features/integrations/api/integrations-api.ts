import { NIL_UUID } from '@ops/shared';
import type { PersonRef } from '../../../components/data-table';
import { db, type DbList } from '../../../lib/db';
import type { IntegrationRow } from './integration-types';

/** Query keys of the integrations pages; settings lists are not cached (staleTime 0 at the call sites). */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: (paging: object) => ['integrations', 'list', paging] as const,
  lookups: (ids: readonly string[]) => ['integrations', 'lookups', ids] as const,
};

/**
 * One page of GET integrations_with_status?select=*&deleted_at=is.null&order=…&limit&offset with
 * Prefer count=exact; id breaks ties of the sort so pages neither repeat nor skip rows.
 */
export function listIntegrations(
  paging: { limit: string; offset: string; order?: string },
  signal?: AbortSignal,
): Promise<DbList<IntegrationRow>> {
  const order = `${paging.order ?? 'created_at.desc'},id.desc`;
  return db.get<IntegrationRow>(
    'integrations_with_status',
    { select: '*', deleted_at: 'is.null', ...paging, order },
    { count: 'exact', signal },
  );
}

/** Creators and agents of a page of integrations, by id, for the Created By column and agent badges. */
export interface IntegrationLookups {
  people: Map<string, PersonRef>;
  agents: Map<string, string>;
}

/** The agent that runs an integration; null for the server itself (the zero UUID). */
export function agentOf(row: Pick<IntegrationRow, 'agent'>): string | null {
  return row.agent && row.agent !== NIL_UUID ? row.agent : null;
}

/**
 * The people and agents a page of rows names, in one request each (and none when there are none); the list
 * view holds only their ids so it stays one plain UNION once topologies and log backends join it.
 */
export async function integrationLookups(rows: readonly IntegrationRow[], signal?: AbortSignal): Promise<IntegrationLookups> {
  const personIds = [...new Set(rows.flatMap((r) => (r.created_by ? [r.created_by] : [])))];
  const agentIds = [...new Set(rows.flatMap((r) => agentOf(r) ?? []))];
  const [people, agents] = await Promise.all([
    personIds.length
      ? db.get<PersonRef & { id: string }>('people', { select: 'id,name,email,avatar', id: `in.(${personIds.join(',')})` }, { signal })
      : { data: [] },
    agentIds.length
      ? db.get<{ id: string; name: string }>('agents', { select: 'id,name', id: `in.(${agentIds.join(',')})` }, { signal })
      : { data: [] },
  ]);
  return {
    people: new Map(people.data.map((p) => [p.id, p])),
    agents: new Map(agents.data.map((a) => [a.id, a.name])),
  };
}
