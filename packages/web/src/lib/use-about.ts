import { UNKNOWN_VERSION } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The backend version from GET /api/about; 'NA' while unknown or when the call fails. */
export function useAbout(): { version: string; isLoading: boolean } {
  const q = useQuery({
    queryKey: ['about'],
    queryFn: ({ signal }) => api.get<{ Version?: string }>('/api/about', { signal }),
    staleTime: Infinity,
    retry: false,
  });
  return { version: q.data?.Version || UNKNOWN_VERSION, isLoading: q.isPending };
}
