import { QueryClient } from '@tanstack/react-query';
import { STALE_TIME_MS } from '@ops/shared';
import { ApiError, NetworkError } from './api-errors';

/** Retry only failures that may pass on a second try (network, 5xx), never 4xx answers. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof NetworkError) return error.kind !== 'offline';
  if (error instanceof ApiError) return error.status >= 500;
  return false;
}

/** The app's query client: stale time of 5 minutes unless a query says otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
