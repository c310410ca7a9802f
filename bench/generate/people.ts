import type pg from 'pg';

const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Radia', 'Edsger', 'Frances', 'John'];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Perlman',
  'Dijkstra',
  'Allen',
  'Backus',
];

/** Insert `rows` people with unique emails (person{n}@bench.local) in one INSERT … SELECT; returns seconds. */
export async function generatePeople(pool: pg.Pool, rows: number): Promise<number> {
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(
      `INSERT INTO people (name, email, type, created_at, updated_at)
       SELECT ($1::text[])[1 + g % cardinality($1::text[])] || ' ' || ($2::text[])[1 + (g / 7) % cardinality($2::text[])] || ' ' || g,
              'person' || g || '@bench.local',
              CASE WHEN g % 50 = 0 THEN 'agent' ELSE 'user' END,
              now() - (g % 1000) * interval '1 hour', now()
       FROM generate_series(1, $3::int) AS g`,
      [FIRST, LAST, rows],
    );
    await client.query('VACUUM (ANALYZE) people');
  } finally {
    client.release();
  }
  return (Date.now() - started) / 1000;
}

/** `count` ids of generated people, spread over the table, for single-row lookups. */
export async function samplePeopleIds(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM people WHERE email LIKE 'person%@bench.local' ORDER BY md5(id::text) LIMIT $1`,
    [count],
  );
  return rows.map((r) => r.id);
}
