// Where PostgreSQL's time goes during a measured window: pg_stat_statements, reset at the window's start
// and read at its end. The extension must be preloaded, which takes a restart of the postmaster
// (enablePgStatStatements does it through ALTER SYSTEM, before the measured work starts).
import type pg from 'pg';

export interface StatementCost {
  query: string;
  calls: number;
  totalMs: number;
  rows: number;
}

/** Ask PostgreSQL to preload pg_stat_statements on its next start (the caller restarts it). */
export async function enablePgStatStatements(pool: pg.Pool): Promise<void> {
  await pool.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await pool.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
}

/** Create the extension (after the restart) and clear what it counted so far. */
export async function resetStatements(pool: pg.Pool): Promise<void> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pool.query('SELECT pg_stat_statements_reset()');
}

/** Statements by total execution time (top-level and nested, e.g. inside triggers), most first. */
export async function topStatements(pool: pg.Pool, limit: number): Promise<StatementCost[]> {
  const res = await pool.query<{ query: string; calls: string; total: number; rows: string }>(
    `SELECT query, calls, total_exec_time AS total, rows FROM pg_stat_statements
     WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT $1`,
    [limit],
  );
  return res.rows.map((r) => ({ query: r.query, calls: Number(r.calls), totalMs: r.total, rows: Number(r.rows) }));
}

/** A statement's text shortened to one line for a table cell. */
export function shortQuery(query: string, max = 110): string {
  const one = query.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}
