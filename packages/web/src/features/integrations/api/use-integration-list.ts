import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentOf, integrationKeys, integrationLookups, listIntegrations, type IntegrationLookups } from './integrations-api';

const EMPTY_LOOKUPS: IntegrationLookups = { people: new Map(), agents: new Map() };

/**
 * One page of the integrations list (never from cache: settings lists are not cached) and the names of the
 * people and agents it mentions, fetched once the page is known.
 */
export function useIntegrationList(paging: { limit: string; offset: string; order?: string }) {
  const list = useQuery({
    queryKey: integrationKeys.list(paging),
    queryFn: ({ signal }) => listIntegrations(paging, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = list.data?.data;
  const ids = [...new Set((rows ?? []).flatMap((r) => [r.created_by ?? '', agentOf(r) ?? '']).filter(Boolean))].sort();
  const lookups = useQuery({
    queryKey: integrationKeys.lookups(ids),
    queryFn: ({ signal }) => integrationLookups(rows ?? [], signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  return { list, lookups: lookups.data ?? EMPTY_LOOKUPS };
}
