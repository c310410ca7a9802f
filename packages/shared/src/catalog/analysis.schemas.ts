/** Config analysis (insights): the `config_analysis` relation of the data API, as the insights screens read it. */
import { z } from 'zod';
import { ANALYSIS_STATUSES, type AnalysisStatus } from './constants.js';
import type { DbRow } from '../db/rows.generated.js';

/**
 * One finding. Identity is (config_id, analyzer): re-seeing it bumps `last_observed` and reopens it (a silenced
 * one stays silenced); a complete scrape that no longer reports it marks it 'resolved'. `analysis_type` is one of
 * ANALYSIS_TYPES, `severity` one of ANALYSIS_SEVERITIES (stored as given otherwise). `status_updated_by` is the
 * person who set the status last (null when the scraper did), `status_updated_at` when. Embed the item with
 * `config:config_id(id,name,type,config_class)` and the person with `status_updater:status_updated_by(id,name)`.
 */
export type ConfigAnalysisRow = DbRow<'config_analysis'> & {
  status: AnalysisStatus;
  analysis: Record<string, unknown> | null;
  /** Present when embedded. */
  config?: { id: string; name: string | null; type: string; config_class?: string } | null;
  /** Present when embedded. */
  status_updater?: { id: string; name: string } | null;
};

/** `PATCH /api/catalog/insights/{id}`: a writer acknowledges (silences), resolves or reopens a finding. */
export const insightStatusRequestSchema = z.object({
  status: z.enum(ANALYSIS_STATUSES, {
    error: (iss) => `'${String(iss.input)}' is not an insight status (use ${ANALYSIS_STATUSES.join(', ')})`,
  }),
});
export type InsightStatusRequest = z.infer<typeof insightStatusRequestSchema>;

/** The finding after the change: its status, who set it and when. */
export const insightStatusResponseSchema = z.object({
  id: z.string(),
  status: z.enum(ANALYSIS_STATUSES),
  status_updated_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  status_updated_at: z.string().nullable(),
});
export type InsightStatusResponse = z.infer<typeof insightStatusResponseSchema>;
