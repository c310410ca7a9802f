// Writing config_analysis: a finding is (config_id, analyzer); re-seeing it updates it, reopens it and
// moves last_observed, except that a finding a user silenced (acknowledged) stays silenced while the
// scraper still reports it open; after a complete scrape the scraper's findings not seen again are
// resolved. A status the scraper changes clears who changed it (status_updated_by) and stamps when.
import type { Queryable } from './queryable.js';

export interface AnalysisRow {
  config_id: string;
  scraper_id: string | null;
  analyzer: string;
  analysis_type: string;
  severity: string;
  summary: string | null;
  message: string | null;
  analysis: Record<string, unknown> | null;
  source: string | null;
  first_observed: string | null;
  status: 'open' | 'resolved' | 'silenced';
}

/** Upsert findings seen at `now`; returns how many rows were written. */
export async function writeAnalysis(q: Queryable, rows: AnalysisRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const unique = new Map(rows.map((r) => [`${r.config_id}\u0000${r.analyzer}`, r]));
  const res = await q.query(
    `INSERT INTO config_analysis AS a (config_id, scraper_id, analyzer, analysis_type, severity, status, summary, message, analysis,
       source, first_observed, last_observed)
     SELECT x.config_id, x.scraper_id, x.analyzer, x.analysis_type, x.severity, x.status, x.summary, x.message, x.analysis, x.source,
       coalesce(x.first_observed, $2), $2
     FROM jsonb_to_recordset($1::jsonb) AS x(config_id uuid, scraper_id uuid, analyzer text, analysis_type text, severity text,
       status text, summary text, message text, analysis jsonb, source text, first_observed timestamptz)
     ON CONFLICT (config_id, analyzer) DO UPDATE SET scraper_id = excluded.scraper_id, analysis_type = excluded.analysis_type,
       severity = excluded.severity,
       status = CASE WHEN a.status = 'silenced' AND excluded.status = 'open' THEN a.status ELSE excluded.status END,
       status_updated_by = CASE WHEN a.status = excluded.status OR (a.status = 'silenced' AND excluded.status = 'open')
                                THEN a.status_updated_by END,
       status_updated_at = CASE WHEN a.status = excluded.status OR (a.status = 'silenced' AND excluded.status = 'open')
                                THEN a.status_updated_at ELSE $2 END,
       summary = excluded.summary, message = excluded.message,
       analysis = excluded.analysis, source = excluded.source, last_observed = $2`,
    [JSON.stringify([...unique.values()]), now],
  );
  return res.rowCount ?? 0;
}

/** Resolve the scraper's open or silenced findings not observed since `since`; returns how many. */
export async function resolveUnseenAnalysis(q: Queryable, scraperId: string, since: Date): Promise<number> {
  const res = await q.query(
    `UPDATE config_analysis SET status = 'resolved', status_updated_by = NULL, status_updated_at = now()
     WHERE scraper_id = $1 AND status <> 'resolved' AND last_observed < $2`,
    [scraperId, since],
  );
  return res.rowCount ?? 0;
}
