import { NIL_UUID, STALE_TIME_MS } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchAgentNames, healthKeys } from './health-api';

const NONE: Record<string, string> = {};

/** Names of the agents checks run on, by id (fetched only when `enabled`, e.g. Tab By Agent). */
export function useAgentNames(agentIds: readonly string[], enabled: boolean): Record<string, string> {
  const ids = useMemo(() => [...new Set(agentIds)].filter((id) => id && id !== NIL_UUID).sort(), [agentIds]);
  const q = useQuery({
    queryKey: healthKeys.agents(ids),
    queryFn: ({ signal }) => fetchAgentNames(ids, signal),
    enabled: enabled && ids.length > 0,
    staleTime: STALE_TIME_MS,
  });
  return q.data ?? NONE;
}
