import { UNKNOWN_VERSION } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The backend version from GET /api/about ('NA' while unknown or when the call fails) and the
 * deployment mode: 'health' shows only the health dashboard.
 */
export function useAbout(): { version: string; mode: 'full' | 'health'; isLoading: boolean } {
  const q = useQuery({
    queryKey: ['about'],
    queryFn: ({ signal }) => api.get<{ Version?: string; mode?: string }>('/api/about', { signal }),
    staleTime: Infinity,
    retry: false,
  });
  return { version: q.data?.Version || UNKNOWN_VERSION, mode: q.data?.mode === 'health' ? 'health' : 'full', isLoading: q.isPending };
}
