import { useQuery } from '@tanstack/react-query';
import { LABELS_STALE_MS } from '../lib/catalog-constants';
import { catalogKeys } from './catalog-keys';
import { listConfigKeyValues, listConfigStatuses, listConfigTypes, listLookup } from './configs-api';

/** Distinct config types (filters). */
export function useConfigTypes() {
  return useQuery({ queryKey: catalogKeys.lookup('config_types'), queryFn: ({ signal }) => listConfigTypes(signal) });
}

/** Distinct statuses of live items. */
export function useConfigStatuses() {
  return useQuery({ queryKey: catalogKeys.lookup('config_statuses'), queryFn: ({ signal }) => listConfigStatuses(signal) });
}

/** Label key/value pairs, cached 60 s. */
export function useConfigLabels() {
  return useQuery({
    queryKey: catalogKeys.lookup('config_labels'),
    queryFn: ({ signal }) => listConfigKeyValues('config_labels', signal),
    staleTime: LABELS_STALE_MS,
  });
}

/** Tag key/value pairs. */
export function useConfigTags() {
  return useQuery({
    queryKey: catalogKeys.lookup('config_tags'),
    queryFn: ({ signal }) => listConfigKeyValues('config_tags', signal),
    staleTime: LABELS_STALE_MS,
  });
}

/** A one-column lookup (change_types, config_analysis_analyzers, analysis_types). */
export function useLookup(relation: string, column: string) {
  return useQuery({ queryKey: catalogKeys.lookup(relation), queryFn: ({ signal }) => listLookup(relation, column, signal) });
}
