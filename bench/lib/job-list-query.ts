import type { DirectQuery } from './list-latency.js';

export interface JobListQuery {
  /** What the Jobs History page asks the data API for (`rawQuery` after /api/db/job_histories?). */
  rawQuery: string;
  apiPath: string;
  /** The same request as a hand-written endpoint would send it: the page and its count. */
  handWritten: DirectQuery;
  description: string;
}

/**
 * Jobs History's default page: every status but SUCCESS since `since`, newest first,
 * 50 rows, with the exact total.
 */
export function jobListQuery(since: Date): JobListQuery {
  const iso = since.toISOString();
  const where = 'WHERE NOT (status = ANY($1::text[])) AND created_at >= $2::timestamptz';
  const values = [['SUCCESS'], iso];
  const page = `SELECT * FROM job_histories ${where} ORDER BY created_at DESC LIMIT 50 OFFSET 0`;
  const count = `SELECT count(*) AS total FROM job_histories ${where}`;
  const rawQuery = `select=*&status=not.in.(SUCCESS)&created_at=gte.${iso}&order=created_at.desc&limit=50&offset=0`;
  return {
    rawQuery,
    apiPath: `/api/db/job_histories?${rawQuery}`,
    handWritten: {
      name: 'hand-written page + count (2 statements)',
      sql: [page, count],
      run: async (pool) => {
        const rows = await pool.query<{ id: string }>(page, values);
        const total = await pool.query<{ total: number | string }>(count, values);
        return { ids: rows.rows.map((r) => r.id), total: Number(total.rows[0]?.total) };
      },
    },
    description:
      '`job_histories` (view over the 1M-row `job_history`), status not SUCCESS, created in the last 2 days, order created_at desc, limit 50, `Prefer: count=exact`',
  };
}
