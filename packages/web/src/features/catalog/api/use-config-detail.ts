import { useQuery } from '@tanstack/react-query';
import { catalogKeys } from './catalog-keys';
import { getConfigDetail } from './configs-api';

/** One config with body and badge counts; `data` is null when it does not exist. */
export function useConfigDetail(id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getConfigDetail(id!, signal),
    enabled: !!id,
    staleTime: 30_000,
  });
}
