import type { ConfigAnalysisRow } from '@ops/shared';
import { db, type DbList } from '../../../lib/db';

/** One page of insights with the config embedded (GET /config_analysis, Prefer count=exact). */
export function listAnalysis(params: Record<string, string>, signal?: AbortSignal): Promise<DbList<ConfigAnalysisRow>> {
  return db.get<ConfigAnalysisRow>('config_analysis', params, { count: 'exact', signal });
}
