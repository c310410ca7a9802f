// Writing config_changes in bulk with deduplication: a change with an external id is stored once per
// item; a change without one whose fingerprint repeats on the same item within the window bumps the
// stored row's `count` and last-seen `created_at` instead of adding a row.
import type { Queryable } from './queryable.js';

/** Repeats of one fingerprint on one item within this window are counted, not stored again. */
export const CHANGE_DEDUP_WINDOW = '1 hour';

export interface ChangeRow {
  config_id: string;
  external_change_id: string | null;
  change_type: string;
  severity: string | null;
  source: string | null;
  summary: string | null;
  details: Record<string, unknown> | null;
  patches: unknown[] | null;
  diff: string | null;
  fingerprint: string | null;
  created_by: string | null;
  external_created_by: string | null;
  created_at: string;
}

export interface ChangeWriteCounts {
  inserted: number;
  deduped: number;
  /** Changes with an external id already stored. */
  existing: number;
}

// Fold repeats within the batch first, so each stored row is hit at most once per statement.
function fold(rows: ChangeRow[]): { folded: (ChangeRow & { n: number })[]; externalRepeats: number } {
  const out = new Map<string, ChangeRow & { n: number }>();
  let externalRepeats = 0;
  rows.forEach((r, i) => {
    const key = r.external_change_id
      ? `e\u0000${r.config_id}\u0000${r.external_change_id}`
      : r.fingerprint
        ? `f\u0000${r.config_id}\u0000${r.fingerprint}`
        : `i\u0000${i}`;
    const seen = out.get(key);
    if (!seen) out.set(key, { ...r, n: 1 });
    else if (r.external_change_id) externalRepeats++;
    else {
      seen.n += 1;
      if (r.created_at > seen.created_at) Object.assign(seen, { ...r, n: seen.n, created_at: r.created_at });
    }
  });
  return { folded: [...out.values()], externalRepeats };
}

/** Store changes (one statement); returns how many were inserted, counted as repeats, or already stored. */
export async function writeChanges(q: Queryable, rows: ChangeRow[]): Promise<ChangeWriteCounts> {
  if (rows.length === 0) return { inserted: 0, deduped: 0, existing: 0 };
  const { folded, externalRepeats } = fold(rows);
  const res = await q.query<{ inserted: number; deduped: number }>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(i int, config_id uuid, external_change_id text, change_type text,
         severity text, source text, summary text, details jsonb, patches jsonb, diff text, fingerprint text, created_by uuid,
         external_created_by text, created_at timestamptz, n int)
     ), hit AS (
       SELECT DISTINCT ON (i.i) i.i, c.id FROM input i
       JOIN config_changes c ON c.config_id = i.config_id AND c.fingerprint = i.fingerprint AND c.created_at > i.created_at - $2::interval
       WHERE i.external_change_id IS NULL AND i.fingerprint IS NOT NULL
       ORDER BY i.i, c.created_at DESC
     ), upd AS (
       UPDATE config_changes c SET count = c.count + i.n, created_at = greatest(c.created_at, i.created_at),
         summary = coalesce(i.summary, c.summary), severity = coalesce(i.severity, c.severity), details = coalesce(i.details, c.details)
       FROM hit h JOIN input i ON i.i = h.i WHERE c.id = h.id
       RETURNING h.i
     ), ins AS (
       INSERT INTO config_changes (config_id, external_change_id, change_type, severity, source, summary, details, patches, diff,
         fingerprint, created_by, external_created_by, created_at, first_observed, count)
       SELECT i.config_id, i.external_change_id, i.change_type, i.severity, i.source, i.summary, i.details, i.patches, i.diff,
         i.fingerprint, i.created_by, i.external_created_by, i.created_at, i.created_at, i.n
       FROM input i WHERE NOT EXISTS (SELECT 1 FROM hit h WHERE h.i = i.i)
       ON CONFLICT (config_id, external_change_id) WHERE external_change_id IS NOT NULL DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM upd)::int AS deduped`,
    [JSON.stringify(folded.map((r, i) => ({ ...r, i }))), CHANGE_DEDUP_WINDOW],
  );
  const { inserted = 0, deduped = 0 } = res.rows[0] ?? {};
  const existing = folded.length - inserted - deduped + externalRepeats;
  return { inserted, deduped: rows.length - inserted - existing, existing };
}
