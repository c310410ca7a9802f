import pg from 'pg';
import { generateJobHistory } from './job-history.js';
import { generatePeople } from './people.js';

/** The scale of issue 2's benchmark. */
export const SCALE = { jobHistory: 1_000_000, people: 100_000 } as const;

/**
 * Fill a database to benchmark scale unless it already is: existing bench rows are kept when
 * their counts match, otherwise replaced. Returns what was done, for the report.
 */
export async function ensureScale(pool: pg.Pool, scale: { jobHistory: number; people: number } = SCALE): Promise<string[]> {
  const done: string[] = [];
  const count = async (sql: string): Promise<number> => Number((await pool.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  if ((await count('SELECT count(*) AS n FROM job_history')) !== scale.jobHistory) {
    await pool.query('TRUNCATE job_history');
    done.push(
      `job_history: ${scale.jobHistory.toLocaleString('en-US')} rows in ${(await generateJobHistory(pool, scale.jobHistory)).toFixed(1)} s`,
    );
  }
  if ((await count(`SELECT count(*) AS n FROM people WHERE email LIKE 'person%@bench.local'`)) !== scale.people) {
    await pool.query(`DELETE FROM people WHERE email LIKE 'person%@bench.local'`);
    done.push(`people: ${scale.people.toLocaleString('en-US')} rows in ${(await generatePeople(pool, scale.people)).toFixed(1)} s`);
  }
  // Flush the bulk load's dirty pages now, so no checkpoint competes with the measurements that follow.
  if (done.length) await pool.query('CHECKPOINT');
  return done;
}

// `npx tsx bench/generate/index.ts postgres://…` fills any database (e.g. a dev server's) to scale.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('usage: tsx bench/generate/index.ts <postgres-url> (or DATABASE_URL)');
    process.exit(2);
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  ensureScale(pool)
    .then((done) => console.log(done.length ? done.join('\n') : 'already at scale'))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => void pool.end());
}
