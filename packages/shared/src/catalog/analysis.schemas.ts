/** Config analysis (insights): the `config_analysis` relation of the data API, as the insights screens read it. */
import type { AnalysisStatus } from './constants.js';
import type { DbRow } from '../db/rows.generated.js';

/**
 * One finding. Identity is (config_id, analyzer): re-seeing it bumps `last_observed` and reopens it; a complete
 * scrape that no longer reports it marks it 'resolved'. `analysis_type` is one of ANALYSIS_TYPES, `severity`
 * one of ANALYSIS_SEVERITIES (stored as given otherwise). Embed the item with `config:config_id(id,name,type,config_class)`.
 */
export type ConfigAnalysisRow = DbRow<'config_analysis'> & {
  status: AnalysisStatus;
  analysis: Record<string, unknown> | null;
  /** Present when embedded. */
  config?: { id: string; name: string | null; type: string; config_class?: string } | null;
};
