/** Config analysis (insights): the `config_analysis` relation of the data API, as the insights screens read it. */
import { z } from 'zod';
import { ANALYSIS_STATUSES } from './constants.js';

const timestamp = z.string();

/**
 * One finding. Identity is (config_id, analyzer): re-seeing it bumps `last_observed` and reopens it; a complete
 * scrape that no longer reports it marks it 'resolved'. `analysis_type` is one of ANALYSIS_TYPES, `severity`
 * one of ANALYSIS_SEVERITIES (stored as given otherwise). Embed the item with `config:config_id(id,name,type,config_class)`.
 */
export const configAnalysisRowSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  scraper_id: z.string().nullable(),
  analyzer: z.string(),
  analysis_type: z.string(),
  severity: z.string(),
  status: z.enum(ANALYSIS_STATUSES),
  summary: z.string().nullable(),
  message: z.string().nullable(),
  analysis: z.record(z.string(), z.unknown()).nullable(),
  source: z.string().nullable(),
  first_observed: timestamp,
  last_observed: timestamp,
  config: z
    .object({ id: z.string(), name: z.string().nullable(), type: z.string(), config_class: z.string().optional() })
    .nullable()
    .optional(),
});
export type ConfigAnalysisRow = z.infer<typeof configAnalysisRowSchema>;
