import { useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys';
import { getConfigDetail } from './configs-api';
import { takePrefetchedConfig } from './detail-prefetch';

/** One config with body and badge counts; `data` is null when it does not exist. */
export function useConfigDetail(id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.detail(id ?? ''),
    queryFn: ({ signal }) => takePrefetchedConfig(id!)?.catch(() => getConfigDetail(id!, signal)) ?? getConfigDetail(id!, signal),
    enabled: !!id,
    staleTime: 30_000,
    // A body can be megabytes: comparing it deeply with the previous answer costs more than it saves.
    structuralSharing: false,
  });
}
