import type { CatalogSummaryRequest, CatalogSummaryResponse } from '@ops/shared';
import { api } from '../../../lib/api-client';

/** The catalogue summary grouped table (POST /api/catalog/summary): SQL aggregates per group. */
export function fetchCatalogSummary(request: CatalogSummaryRequest, signal?: AbortSignal): Promise<CatalogSummaryResponse> {
  return api.post<CatalogSummaryResponse>('/api/catalog/summary', request, { signal });
}
