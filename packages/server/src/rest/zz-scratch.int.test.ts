import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { dataEngineOf } from '../modules/data/data.routes.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false', OPS_LOG_LEVEL: 'warn' });
  await s.db.pool.query(`INSERT INTO people (name, email) SELECT 'p' || g, 'p' || g || '@x' FROM generate_series(1, 100000) g`);
}, 600_000);
afterAll(async () => {
  await s?.stop();
});

it('engine loop', async () => {
  const engine = dataEngineOf(s.app)!;
  const ids = (await s.db.pool.query('SELECT id FROM people LIMIT 1000')).rows.map((r) => r.id as string);
  const actor = { id: s.ids.admin, roles: ['admin'] };
  const run = async (label: string, fn: (i: number) => Promise<unknown>, n = 4000, conc = 20) => {
    let i = 0;
    const t = performance.now();
    await Promise.all(Array.from({ length: conc }, async () => { while (i < n) await fn(i++); }));
    console.log(label, Math.round(n / ((performance.now() - t) / 1000)), 'ops/s');
  };
  for (let k = 0; k < 3; k++) {
  await run('pg direct', (i) => s.db.pool.query('SELECT * FROM people WHERE id = $1', [ids[i % 1000]]));
  await run('engine.handle', (i) => engine.handle({ method: 'GET', target: { kind: 'relation', name: 'people' }, rawQuery: `id=eq.${ids[i % 1000]}`, headers: {}, body: undefined, actor }));
  }
  await run('pg direct json_agg', (i) => s.db.pool.query({ text: `SELECT NULL::int8 AS total, count(*) AS page, coalesce(json_agg("pgrst_r".*), '[]')::text AS body FROM (SELECT "pgrst_0"."id" AS "id", "pgrst_0"."name" AS "name", "pgrst_0"."email" AS "email", "pgrst_0"."avatar" AS "avatar", "pgrst_0"."type" AS "type", "pgrst_0"."created_at" AS "created_at", "pgrst_0"."updated_at" AS "updated_at", "pgrst_0"."deleted_at" AS "deleted_at" FROM "people" AS "pgrst_0" WHERE "pgrst_0"."id" = $1) AS "pgrst_r"`, values: [ids[i % 1000]], rowMode: 'array' }));
  const { token } = await s.ctx.identity.createAccessToken({ name: 't', personId: s.ids.admin });
  await run('http fetch', (i) => fetch(`${s.url}/api/db/people?id=eq.${ids[i % 1000]}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text()), 3000);
  await run('http about', () => fetch(`${s.url}/api/about`).then((r) => r.text()), 3000);
}, 600_000);
