// Changing a finding's status by hand: who and when are stored with it (the scraper clears who when it
// changes the status itself, see persistence/analysis.repository.ts).
import type { AnalysisStatus, InsightStatusResponse } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

interface Row {
  id: string;
  status: AnalysisStatus;
  status_updated_by: { id: string; name: string } | null;
  status_updated_at: Date | null;
}

/** Set the status of one finding as `personId`; undefined when there is no such finding. */
export async function setInsightStatus(
  db: Kysely<Database>,
  id: string,
  status: AnalysisStatus,
  personId: string,
): Promise<InsightStatusResponse | undefined> {
  const res = await sql<Row>`
    WITH u AS (
      UPDATE config_analysis SET status = ${status}, status_updated_by = ${personId}::uuid, status_updated_at = now()
      WHERE id = ${id}::uuid
      RETURNING id, status, status_updated_by, status_updated_at
    )
    SELECT u.id, u.status, u.status_updated_at,
           CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object('id', p.id, 'name', p.name) END AS status_updated_by
    FROM u LEFT JOIN people p ON p.id = u.status_updated_by`.execute(db);
  const row = res.rows[0];
  if (!row) return undefined;
  return { ...row, status_updated_at: row.status_updated_at ? new Date(row.status_updated_at).toISOString() : null };
}
