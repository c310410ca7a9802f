// The summary's item counters (migration 0008) against figures computed here from the rows this test
// writes, and against the statement that reads the rows themselves: after writes through every trigger
// path (insert, delete, repeat moving a change's day, findings observed again, resolved, inserted stale)
// and after moving the window's day back and forth.
import { randomUUID } from 'node:crypto';
import { ANALYSIS_TYPES, type CatalogSummaryResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { moveSummaryWindow, summaryWindowDay } from './catalog-summary-window.job.js';
import { postJson } from './catalog-test-helpers.js';
import { counterWindowDay, summaryByCounters } from './query/summary-by-counters.js';
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
  const fromRows = await summaryByDays(s.db.pool, query);
  const fromCounters = await summaryByCounters(s.db.pool, query);
  if (!expectCounters) {
    expect(fromCounters).toBeNull();
    return;
  }
  expect(fromCounters).not.toBeNull();
  expect(norm(fromCounters!)).toEqual(norm(fromRows));
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

// What the catalog-summary-window job does (jobs are off here): a test started before midnight UTC and
// running after it would otherwise find the counters kept for yesterday's window.
async function currentWindow(): Promise<void> {
  await moveSummaryWindow(s.ctx, summaryWindowDay(new Date()));
}

describe('catalogue summary counters', () => {
  it('are kept for the default window once the job has moved them, and match the rows', async () => {
    await currentWindow();
    expect(await counterWindowDay(s.db.pool)).toBe(summaryWindowDay(new Date()));
    await check(30, true);
  });

  it('add the rows between a window start and a later day, and subtract them when the day comes first', async () => {
    await currentWindow();
    const day = Date.parse(`${await counterWindowDay(s.db.pool)}T00:00:00Z`);
    const hour = 3_600_000;
    const around = [-9, -5, -1, 1, 5, 9].map((h) => new Date(day + h * hour).toISOString());
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
    // Window starts 11, 7 and 3 hours either side of the counters' day: all of them use the counters.
    for (const offset of [-11, -7, -3, 3, 7, 11]) {
      const since = new Date(day + offset * hour);
      const query: SummaryQuery = { groupBy: ['type'], filter: {}, deleted: false, changesSince: since, analysisSince: since };
      const fromCounters = await summaryByCounters(s.db.pool, query);
      expect(fromCounters, `${offset} h`).not.toBeNull();
      expect(norm(fromCounters!), `${offset} h`).toEqual(norm(await summaryByDays(s.db.pool, query)));
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

  it('move with the window, back and forth, and the move is a no-op when the day is current', async () => {
    const day = summaryWindowDay(new Date());
    const back = new Date(Date.parse(day) - 6 * DAY).toISOString().slice(0, 10);
    expect(await moveSummaryWindow(s.ctx, back)).toBe(true);
    // The default window no longer matches; a 36-day window does.
    await check(30, false);
    await check(36, true);
    expect(await moveSummaryWindow(s.ctx, day)).toBe(true);
    expect(await moveSummaryWindow(s.ctx, day)).toBe(false);
    await check(30, true);
  });
});
