// The dashboard summary's rows as JSON pieces: each check's part and latest runs as the triggers on checks
// rendered them (migration 0007, ADR 0004), its figures as the check_summary_1h refresh rendered them or,
// for other ranges and checks with runs since, rendered now by the same SQL function.
import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { RECENT_KEPT } from './check-results.repository.js';
import { narrows } from './check-filters.js';
import type { Piece } from './joined-json.js';
import type { RenderedRow, RenderedRows } from './rendered-rows.js';
import { latestRuns, summaryParts, SUMMARY_SETTINGS, type SummaryOptions } from './summary.repository.js';

/** The summary's rows in order (each the pieces of one checks_summary object), with its counts. */
export interface SummaryPieces {
  rows: Piece[][];
  total: number;
  passing: number;
  failing: number;
}

const RECENT_KEY = Buffer.from(',"checkStatuses":');
const CLOSE = Buffer.from('}');
const COMMA = Buffer.from(',');

/**
 * Two statements in one snapshot. The first lists the matching checks in their place (`ord`, computed
 * over the narrow columns: sorting or string_agg-ing the wide text in SQL cost more than the rest), with
 * their figures and the version of their rendered text; the second fetches only the rendered text this
 * process does not hold at that version (`cache`). At 10,000 checks that text is 10 MB.
 */
export async function querySummaryPieces(db: Db, o: SummaryOptions, cache: RenderedRows): Promise<SummaryPieces> {
  const { where, stats } = summaryParts(o);
  const recent = o.statuses >= RECENT_KEPT ? sql`NULL::text` : sql`${latestRuns(o.statuses)}::text`;
  const listed = sql`
    SELECT k.ord, k.status, k.id, t.xmin::text AS version,
           coalesce(st.stats_json, check_stats_json(st.passed, st.failed, st.last_pass, st.last_fail, st.percentiles, st.avg, st.rolling1h)),
           k.recent_text
    FROM (SELECT c.id, c.status, ${recent} AS recent_text,
                 row_number() OVER (ORDER BY ca.namespace, ca.name, c.name, c.type)::int AS ord
          FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ${where}) k
    JOIN check_summary_text t ON t.check_id = k.id
    LEFT JOIN (${stats}) st ON st.check_id = k.id`.compile(db.kysely);
  type Listed = [number, string, string, string, string, string | null];
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await client.query(SUMMARY_SETTINGS);
    const res = await client.query<Listed>({ text: listed.sql, values: [...listed.parameters], rowMode: 'array' });
    // Each row's text is taken once, here: another call may replace a check's copy with a newer version
    // while this one is still being built.
    const texts = res.rows.map(([, , id, version]) => cache.get(id, version));
    const missing = res.rows.filter((_, i) => !texts[i]).map(([, , id]) => id);
    if (missing.length) {
      const fetched = await client.query<[string, string, string, string]>({
        // head and run are the row's two parts: what only an apply changes and what each run does (0020).
        text: 'SELECT check_id, xmin::text, head || run, recent FROM check_summary_text WHERE check_id = ANY($1::uuid[])',
        values: [missing],
        rowMode: 'array',
      });
      const byId = new Map<string, RenderedRow>();
      for (const [id, version, head, recentText] of fetched.rows) {
        const row = { version, head: Buffer.from(head), recent: Buffer.from(recentText) };
        byId.set(id, row);
        cache.set(id, row);
      }
      res.rows.forEach(([, , id], i) => (texts[i] ??= byId.get(id)));
    }
    await client.query('COMMIT');
    const rows = new Array<Piece[]>(res.rows.length);
    let passing = 0;
    let failing = 0;
    res.rows.forEach(([ord, status, , , figures, recentText], i) => {
      const text = texts[i]!;
      rows[ord - 1] = [text.head, COMMA, figures, RECENT_KEY, recentText ?? text.recent, CLOSE];
      if (status === 'healthy') passing++;
      else if (status === 'unhealthy') failing++;
    });
    if (!narrows(o.filter)) cache.keepOnly(new Set(res.rows.map(([, , id]) => id)));
    return { rows, total: rows.length, passing, failing };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
