// `POST /api/catalog/summary`: from the items' counters when they are kept for an instant near the windows'
// start (the default 30-day windows; the catalog-summary-window job keeps them at the nearest whole hour),
// otherwise from the per-day change buckets and the findings themselves. Both give the same figures; the
// first reads only the rows between the windows' start and that instant besides the items.
import type { CatalogSummaryRow } from '@ops/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { counterWindowStart, countersHold, summaryByCounters } from './summary-by-counters.js';
import { summaryByDays } from './summary-by-days.js';
import type { SummaryQuery, SummarySqlRow } from './summary-query.js';

export type { SummaryQuery } from './summary-query.js';

/** The summary rows, sorted by the group values. */
export async function catalogSummary(db: Kysely<Database>, query: SummaryQuery): Promise<CatalogSummaryRow[]> {
  const start = await counterWindowStart(db);
  const counters = start && countersHold(query, start) ? await summaryByCounters(db, query, start) : null;
  const rows = counters ?? (await summaryByDays(db, query));
  return rows.map((r) => toSummaryRow(r, query.groupBy));
}

function toSummaryRow(r: SummarySqlRow, groupBy: string[]): CatalogSummaryRow {
  const group: Record<string, string | null> = {};
  groupBy.forEach((entry, i) => (group[entry] = r[`g${i}`] ?? null));
  return {
    group,
    ...(groupBy.includes('type') ? { type: group.type ?? null } : {}),
    count: r.count,
    deleted: r.deleted,
    health: { healthy: r.healthy, unhealthy: r.unhealthy, warning: r.warning, unknown: r.unknown },
    status: r.status,
    analysis: r.analysis as CatalogSummaryRow['analysis'],
    changes: r.changes,
    cost_per_minute: r.cost_per_minute,
    cost_total_30d: r.cost_total_30d,
    last_scraped_time: r.last_scraped_time ? new Date(r.last_scraped_time).toISOString() : null,
  };
}
