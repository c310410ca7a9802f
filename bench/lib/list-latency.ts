import type pg from 'pg';
import type { GetResult } from './http-get.js';
import { msSince, summarize, type LatencySummary } from './stats.js';

/** One way of getting the list straight from PostgreSQL through `pg`. */
export interface DirectQuery {
  name: string;
  /** The SQL it sends, for the report. */
  sql: string[];
  /** Send the SQL and read the page's ids and the total, as a client of it would. */
  run(pool: pg.Pool): Promise<{ ids: string[]; total: number }>;
}

export interface ListComparison {
  api: LatencySummary;
  direct: Array<{ name: string; summary: LatencySummary }>;
  rows: number;
  total: number;
  contentRange: string;
}

/**
 * Time the same paged list through the API and directly, interleaved call by call so both see
 * the same machine state; first check that every way returns the same rows and total.
 */
export async function compareListLatency(
  get: (path: string) => Promise<GetResult>,
  pool: pg.Pool,
  apiPath: string,
  directs: DirectQuery[],
  opts: { iterations: number; warmup: number },
): Promise<ListComparison> {
  const first = await get(apiPath);
  if (first.status !== 200 && first.status !== 206) throw new Error(`GET ${apiPath} answered ${first.status}: ${first.body.slice(0, 500)}`);
  const apiIds = (JSON.parse(first.body) as Array<{ id: string }>).map((r) => r.id);
  const contentRange = String(first.headers['content-range'] ?? '');
  const total = Number(contentRange.split('/')[1]);
  if (!Number.isFinite(total))
    throw new Error(`GET ${apiPath} gave no total in Content-Range (${contentRange || 'missing'}) despite Prefer: count=exact`);
  for (const d of directs) {
    const got = await d.run(pool);
    if (JSON.stringify(got.ids) !== JSON.stringify(apiIds) || got.total !== total) {
      throw new Error(`direct "${d.name}" differs from the API: ${got.ids.length} rows of ${got.total} vs ${apiIds.length} of ${total}`);
    }
  }

  const api: number[] = [];
  const direct = directs.map(() => [] as number[]);
  for (let i = 0; i < opts.warmup + opts.iterations; i++) {
    const t = process.hrtime.bigint();
    const res = await get(apiPath);
    JSON.parse(res.body);
    const apiMs = msSince(t);
    if (res.status !== first.status) throw new Error(`GET ${apiPath} answered ${res.status} on call ${i}: ${res.body.slice(0, 300)}`);
    if (i >= opts.warmup) api.push(apiMs);
    for (const [k, d] of directs.entries()) {
      const td = process.hrtime.bigint();
      await d.run(pool);
      if (i >= opts.warmup) direct[k]?.push(msSince(td));
    }
  }
  return {
    api: summarize(api),
    direct: directs.map((d, k) => ({ name: d.name, summary: summarize(direct[k] ?? []) })),
    rows: apiIds.length,
    total,
    contentRange,
  };
}
