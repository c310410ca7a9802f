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

/** PostgreSQL's WAL counters (pg_stat_wal): records, full-page images, bytes. */
export interface WalCounters {
  records: number;
  fpi: number;
  bytes: number;
}

export async function walCounters(pool: pg.Pool): Promise<WalCounters> {
  const res = await pool.query<{ records: string; fpi: string; bytes: string }>(
    'SELECT wal_records AS records, wal_fpi AS fpi, wal_bytes AS bytes FROM pg_stat_wal',
  );
  const r = res.rows[0]!;
  return { records: Number(r.records), fpi: Number(r.fpi), bytes: Number(r.bytes) };
}

/** The role of a PostgreSQL process from its title: a client backend, or the auxiliary process it names. */
export function pgProcessRole(title: string): string {
  const m = /^postgres: (autovacuum launcher|autovacuum worker|walwriter|checkpointer|background writer|logical replication launcher)/.exec(
    title,
  );
  return m ? m[1]! : 'client backends';
}

/** Autovacuum and autoanalyze runs so far, per table with any. */
export async function maintenanceRuns(pool: pg.Pool): Promise<Map<string, { vacuum: number; analyze: number }>> {
  const res = await pool.query<{ relname: string; vacuum: string; analyze: string }>(
    `SELECT relname, autovacuum_count AS vacuum, autoanalyze_count AS analyze FROM pg_stat_user_tables
     WHERE autovacuum_count + autoanalyze_count > 0`,
  );
  return new Map(res.rows.map((r) => [r.relname, { vacuum: Number(r.vacuum), analyze: Number(r.analyze) }]));
}
