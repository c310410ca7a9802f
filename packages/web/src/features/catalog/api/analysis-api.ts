import type { AnalysisStatus, ConfigAnalysisRow, InsightStatusResponse } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';

/** One page of insights with the config embedded (GET /config_analysis, Prefer count=exact). */
export function listAnalysis(params: Record<string, string>, signal?: AbortSignal): Promise<DbList<ConfigAnalysisRow>> {
  return db.get<ConfigAnalysisRow>('config_analysis', params, { count: 'exact', signal });
}

/** Acknowledge (silence), resolve or reopen a finding (PATCH /api/catalog/insights/{id}; writers only). */
export function setInsightStatus(id: string, status: AnalysisStatus): Promise<InsightStatusResponse> {
  return api.patch<InsightStatusResponse>(`/api/catalog/insights/${encodeURIComponent(id)}`, { status });
}
