// The summary's item counters (migrations 0008 and 0011) against figures computed here from the rows this
// test writes, and against the statement that reads the rows themselves: after writes through every trigger
// path (insert, delete, repeats moving a change's time across days and across the counters' instant,
// findings observed again, resolved, inserted stale) and after moving the counters back and forth.
import { randomUUID } from 'node:crypto';
import { ANALYSIS_TYPES, type CatalogSummaryResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { moveSummaryWindow, summaryWindowStart } from './catalog-summary-window.job.js';
import { postJson } from './catalog-test-helpers.js';
import { counterWindowStart, countersHold, summaryByCounters } from './query/summary-by-counters.js';
import { summaryByDays } from './query/summary-by-days.js';
import type { SummaryQuery, SummarySqlRow } from './query/summary-query.js';

const DAY = 86_400_000;
const TYPES = ['Kubernetes::Pod', 'AWS::EC2'];
let s: TestServer;
const ids: string[] = [];
const typeOf = new Map<string, string>();
let now: number;

// Deterministic pseudo-random numbers so a failure reproduces.
let seed = 11;
const rnd = (n: number): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();

async function insertChanges(rows: { config_id: string; daysAgo: number }[]): Promise<void> {
  await s.db.pool.query(
    `INSERT INTO config_changes (config_id, change_type, severity, created_at, first_observed)
     SELECT x.config_id, 'diff', 'info', x.at, x.at FROM jsonb_to_recordset($1) AS x(config_id uuid, at timestamptz)`,
    [JSON.stringify(rows.map((r) => ({ config_id: r.config_id, at: at(r.daysAgo) })))],
  );
}

/** Figures computed from the rows: per type, changes since and open findings by type last observed since. */
async function expected(sinceDays: number): Promise<Map<string, { changes: number; analysis: Record<string, number> }>> {
  const since = new Date(Date.now() - sinceDays * DAY).toISOString();
  const out = new Map<string, { changes: number; analysis: Record<string, number> }>();
  for (const t of TYPES) out.set(t, { changes: 0, analysis: {} });
  const ch = await s.db.pool.query<{ config_id: string }>('SELECT config_id FROM config_changes WHERE created_at >= $1', [since]);
  for (const r of ch.rows) out.get(typeOf.get(r.config_id)!)!.changes++;
  const an = await s.db.pool.query<{ config_id: string; analysis_type: string }>(
    "SELECT config_id, analysis_type FROM config_analysis WHERE status = 'open' AND last_observed >= $1",
    [since],
  );
  for (const r of an.rows) {
    const a = out.get(typeOf.get(r.config_id)!)!.analysis;
    a[r.analysis_type] = (a[r.analysis_type] ?? 0) + 1;
  }
  return out;
}

async function check(sinceDays: number, expectCounters: boolean): Promise<void> {
  const want = await expected(sinceDays);
  const since = `${sinceDays * 24}h`;
  const r = await postJson<CatalogSummaryResponse>(s, '/api/catalog/summary', {
    groupBy: ['type'],
    changes: { since },
    analysis: { since },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  for (const t of TYPES) {
    const row = r.body.rows.find((x) => x.type === t)!;
    expect({ type: t, changes: row.changes, analysis: row.analysis }).toEqual({ type: t, ...want.get(t) });
  }
  // Both statements, on the same request time.
  const query: SummaryQuery = {
    groupBy: ['type'],
    filter: {},
    deleted: false,
    changesSince: new Date(Date.now() - sinceDays * DAY),
    analysisSince: new Date(Date.now() - sinceDays * DAY),
  };
  const start = await counterWindowStart(s.db.kysely);
  expect(countersHold(query, start)).toBe(expectCounters);
  // The counters statement is exact for any window; beyond its reach the server just does not use it.
  const fromCounters = await summaryByCounters(s.db.kysely, query, start!);
  expect(fromCounters).not.toBeNull();
  expect(norm(fromCounters!)).toEqual(norm(await summaryByDays(s.db.kysely, query)));
}

/** Both statements for a window starting at `since`, which must be within the counters' reach. */
async function compareAt(since: Date, label: string): Promise<void> {
  const query: SummaryQuery = { groupBy: ['type'], filter: {}, deleted: false, changesSince: since, analysisSince: since };
  const start = await counterWindowStart(s.db.kysely);
  expect(countersHold(query, start), label).toBe(true);
  const fromCounters = await summaryByCounters(s.db.kysely, query, start!);
  expect(fromCounters, label).not.toBeNull();
  expect(norm(fromCounters!), label).toEqual(norm(await summaryByDays(s.db.kysely, query)));
}

const norm = (rows: SummarySqlRow[]) =>
  rows.map((x) => ({ ...x, last_scraped_time: x.last_scraped_time && new Date(x.last_scraped_time).toISOString() }));

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  now = Date.now();
  for (let i = 0; i < 40; i++) {
    const id = randomUUID();
    ids.push(id);
    typeOf.set(id, TYPES[i % 2]!);
  }
  await s.db.pool.query(
    `INSERT INTO config_items (id, type, name, status, health, external_id)
     SELECT x.id, x.type, x.id::text, 'Running', 'healthy', ARRAY[x.id::text] FROM jsonb_to_recordset($1) AS x(id uuid, type text)`,
    [JSON.stringify(ids.map((id) => ({ id, type: typeOf.get(id) })))],
  );
  // Changes and findings from 45 days ago to now, a few near the window's start (29–30 days ago).
  await insertChanges(
    Array.from({ length: 300 }, (_, i) => ({ config_id: ids[rnd(ids.length)]!, daysAgo: i < 20 ? 29 + rnd(100) / 100 : rnd(4500) / 100 })),
  );
  await s.db.pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, first_observed, last_observed)
     SELECT x.config_id, x.analyzer, x.type, x.status, x.at, x.at
     FROM jsonb_to_recordset($1) AS x(config_id uuid, analyzer text, type text, status text, at timestamptz)`,
    [
      JSON.stringify(
        ids.flatMap((id, i) =>
          [0, 1, 2].map((k) => ({
            config_id: id,
            analyzer: `a${k}`,
            type: ANALYSIS_TYPES[(i + k) % ANALYSIS_TYPES.length],
            status: rnd(4) === 0 ? 'resolved' : 'open',
            at: at(k === 0 ? 29 + rnd(100) / 100 : rnd(4500) / 100),
          })),
        ),
      ),
    ],
  );
});
afterAll(async () => {
  await s?.stop();
});

// What the catalog-summary-window job does (jobs are off here): a test running across half past an hour
// would otherwise find the counters kept for the previous hour.
async function currentWindow(): Promise<Date> {
  const at = summaryWindowStart(new Date());
  await moveSummaryWindow(s.ctx, at);
  return at;
}

describe('catalogue summary counters', () => {
  it('are kept for the default window once the job has moved them, and match the rows', async () => {
    const at = await currentWindow();
    expect(at.getUTCMinutes()).toBe(0);
    expect((await counterWindowStart(s.db.kysely))?.toISOString()).toBe(at.toISOString());
    await check(30, true);
  });

  it('add the rows between a window start and a later instant, and subtract them when the instant comes first', async () => {
    const start = (await currentWindow()).getTime();
    const hour = 3_600_000;
    const around = [-9, -5, -1, -0.2, 0.2, 1, 5, 9].map((h) => new Date(start + h * hour).toISOString());
    await s.db.pool.query(
      `INSERT INTO config_changes (config_id, change_type, severity, created_at, first_observed)
       SELECT x.config_id, 'diff', 'info', x.at, x.at FROM jsonb_to_recordset($1) AS x(config_id uuid, at timestamptz)`,
      [JSON.stringify(around.map((at, i) => ({ config_id: ids[i]!, at })))],
    );
    await s.db.pool.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed)
       SELECT x.config_id, 'around', 'security', 'open', x.at FROM jsonb_to_recordset($1) AS x(config_id uuid, at timestamptz)`,
      [JSON.stringify(around.map((at, i) => ({ config_id: ids[10 + i]!, at })))],
    );
    // Window starts 11, 7, 3 hours and 6 minutes either side of the counters' instant: all use the counters.
    for (const offset of [-11, -7, -3, -0.1, 0.1, 3, 7, 11]) await compareAt(new Date(start + offset * hour), `${offset} h`);
  });

  it('follow a repeat across the instant within a day, and the statement notices a move', async () => {
    const start = (await currentWindow()).getTime();
    const min = 60_000;
    const ins = await s.db.pool.query<{ id: string }>(
      `INSERT INTO config_changes (config_id, change_type, severity, created_at, first_observed)
       SELECT x.config_id, 'diff', 'info', x.at, x.at FROM jsonb_to_recordset($1) AS x(config_id uuid, at timestamptz) RETURNING id`,
      [JSON.stringify([ids[20], ids[21]].map((config_id, i) => ({ config_id, at: new Date(start + (i ? 5 : -10) * min).toISOString() })))],
    );
    await s.db.pool.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed) VALUES ($1, 'repeat', 'cost', 'open', $2)`,
      [ids[22], new Date(start - 10 * min).toISOString()],
    );
    // Across the instant both ways, without leaving the UTC day unless the instant is midnight.
    await s.db.pool.query("UPDATE config_changes SET created_at = created_at + interval '15 minutes' WHERE id = $1", [ins.rows[0]!.id]);
    await s.db.pool.query("UPDATE config_changes SET created_at = created_at - interval '15 minutes' WHERE id = $1", [ins.rows[1]!.id]);
    await s.db.pool.query("UPDATE config_analysis SET last_observed = last_observed + interval '20 minutes' WHERE analyzer = 'repeat'");
    for (const offset of [-30, -1, 1, 30]) await compareAt(new Date(start + offset * min), `${offset} min`);
    // A move between reading the instant and the statement: the statement says so instead of answering.
    const query: SummaryQuery = {
      groupBy: ['type'],
      filter: {},
      deleted: false,
      changesSince: new Date(start),
      analysisSince: new Date(start),
    };
    expect(await summaryByCounters(s.db.kysely, query, new Date(start - 3_600_000))).toBeNull();
  });

  it('count statuses and last scrapes across scrapers and deleted items of one group', async () => {
    const start = await currentWindow();
    const scrapers = await s.db.pool.query<{ id: string }>(
      `INSERT INTO config_scrapers (name, spec, source) VALUES ('mixed-a', '{}', 'test'), ('mixed-b', '{}', 'test') RETURNING id`,
    );
    const [a, b] = scrapers.rows.map((r) => r.id);
    const complete = new Date(Date.now() - 60_000);
    await s.db.pool.query('INSERT INTO config_scraper_complete_scrapes (scraper_id, scraped_at) VALUES ($1, $2)', [a, complete]);
    const own = new Date(Date.now() - 3_600_000);
    // Type Test::Mixed: Running under both scrapers (one of them deleted), Pending under one.
    await s.db.pool.query(
      `INSERT INTO config_items (type, name, status, health, external_id, scraper_id, last_scraped_time, deleted_at)
       SELECT 'Test::Mixed', x.name, x.status, 'healthy', ARRAY[x.name], x.scraper_id, $2, x.deleted_at
       FROM jsonb_to_recordset($1) AS x(name text, status text, scraper_id uuid, deleted_at timestamptz)`,
      [
        JSON.stringify([
          { name: 'm1', status: 'Running', scraper_id: a },
          { name: 'm2', status: 'Running', scraper_id: b },
          { name: 'm3', status: 'Running', scraper_id: b, deleted_at: new Date().toISOString() },
          { name: 'm4', status: 'Pending', scraper_id: a },
        ]),
        own,
      ],
    );
    for (const deleted of [false, true]) {
      const query: SummaryQuery = { groupBy: ['type'], filter: {}, deleted, changesSince: start, analysisSince: start };
      const fromCounters = (await summaryByCounters(s.db.kysely, query, start))!;
      expect(norm(fromCounters)).toEqual(norm(await summaryByDays(s.db.kysely, query)));
      const mixed = fromCounters.find((r) => r.g0 === 'Test::Mixed')!;
      expect(mixed.status).toEqual({ Running: deleted ? 3 : 2, Pending: 1 });
      expect(new Date(mixed.last_scraped_time!).toISOString()).toBe(complete.toISOString());
    }
  });

  it('other windows are computed from the rows', async () => {
    await check(7, false);
    await check(40, false);
  });

  it('stay exact through deletes, backdated inserts, repeats and findings observed again, resolved or stale', async () => {
    await currentWindow();
    const old = await s.db.pool.query<{ id: string }>(`SELECT id FROM config_changes WHERE created_at < $1 ORDER BY id LIMIT 10`, [at(31)]);
    const recent = await s.db.pool.query<{ id: string }>(`SELECT id FROM config_changes WHERE created_at >= $1 ORDER BY id LIMIT 10`, [
      at(20),
    ]);
    await s.db.pool.query('DELETE FROM config_changes WHERE id = ANY($1)', [
      [...old.rows.slice(0, 5), ...recent.rows.slice(0, 5)].map((r) => r.id),
    ]);
    // A repeat seen again today moves its row out of an old day; another moves back into one.
    await s.db.pool.query('UPDATE config_changes SET created_at = now() WHERE id = ANY($1)', [old.rows.slice(5).map((r) => r.id)]);
    await s.db.pool.query(`UPDATE config_changes SET created_at = $2 WHERE id = ANY($1)`, [recent.rows.slice(5).map((r) => r.id), at(35)]);
    await insertChanges([
      { config_id: ids[0]!, daysAgo: 40 },
      { config_id: ids[1]!, daysAgo: 0.1 },
      { config_id: ids[2]!, daysAgo: 29.5 },
    ]);
    await s.db.pool.query(`UPDATE config_analysis SET last_observed = now() WHERE analyzer = 'a1' AND last_observed < $1`, [at(30)]);
    await s.db.pool.query(`UPDATE config_analysis SET status = 'resolved' WHERE analyzer = 'a2' AND status = 'open'`);
    await s.db.pool.query(`UPDATE config_analysis SET last_observed = $1 WHERE analyzer = 'a0' AND config_id = ANY($2)`, [
      at(33),
      ids.slice(0, 10),
    ]);
    await s.db.pool.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed) VALUES ($1, 'stale', 'cost', 'open', $2)`,
      [ids[3], at(38)],
    );
    await s.db.pool.query(`DELETE FROM config_analysis WHERE analyzer = 'a0' AND config_id = ANY($1)`, [ids.slice(10, 15)]);
    await check(30, true);
  });

  it('move with the window, back and forth, and the move is a no-op when the instant is current', async () => {
    const at = summaryWindowStart(new Date());
    expect(await moveSummaryWindow(s.ctx, new Date(at.getTime() - 6 * DAY))).toBe(true);
    // The default window is out of the counters' reach; a 36-day window is not.
    await check(30, false);
    await check(36, true);
    expect(await moveSummaryWindow(s.ctx, at)).toBe(true);
    expect(await moveSummaryWindow(s.ctx, at)).toBe(false);
    await check(30, true);
  });

  it('keep one daily bucket per item and day that has changes: a repeat or a delete that empties one removes it', async () => {
    const buckets = async () => {
      const kept = await s.db.pool.query('SELECT config_id, day::text AS day, n FROM config_change_daily ORDER BY 1, 2');
      const rows = await s.db.pool.query(
        `SELECT config_id, (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS n FROM config_changes
         GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(kept.rows).toEqual(rows.rows);
      return kept.rows.filter((r: { config_id: string }) => r.config_id === ids[30]);
    };
    await buckets();
    // Days no other change of this test falls on (the rows span the last 45 days).
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    const ins = await s.db.pool.query<{ id: string }>(
      `INSERT INTO config_changes (config_id, change_type, severity, created_at, first_observed)
       SELECT $1, 'diff', 'info', x, x FROM unnest($2::timestamptz[]) AS x RETURNING id`,
      [ids[30], [at(60), at(70), at(70)]],
    );
    const [seen60, seen70a, seen70b] = ins.rows.map((r) => r.id);
    expect((await buckets()).filter((b) => b.day <= day(60))).toHaveLength(2);
    // A repeat seen now leaves day 60 empty; an update of no row changes nothing.
    await s.db.pool.query('UPDATE config_changes SET created_at = now() WHERE id = $1', [seen60]);
    await s.db.pool.query('UPDATE config_changes SET count = count + 1 WHERE false');
    expect((await buckets()).filter((b) => b.day <= day(60))).toEqual([{ config_id: ids[30], day: day(70), n: 2 }]);
    await s.db.pool.query('DELETE FROM config_changes WHERE id = $1', [seen70a]);
    expect((await buckets()).filter((b) => b.day <= day(60))).toEqual([{ config_id: ids[30], day: day(70), n: 1 }]);
    await s.db.pool.query('DELETE FROM config_changes WHERE id = $1', [seen70b]);
    expect((await buckets()).filter((b) => b.day <= day(60))).toEqual([]);
  });
});
