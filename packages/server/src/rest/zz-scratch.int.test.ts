import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { dataEngineOf } from '../modules/data/data.routes.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

it('scratch', async () => {
  const e = dataEngineOf(s.app)!;
  const cache = await e.schemaCache();
  console.log([...cache.relationships.entries()].map(([k, v]) => `${k}: ${v.map((r) => `${r.cardinality}->${r.target}(${r.constraint})`).join(', ')}`).join('\n'));
  const show = async (path: string, init: RequestInit = {}) => {
    const r = await s.request(path, init);
    console.log(init.method ?? 'GET', path, r.status, JSON.stringify(Object.fromEntries([...r.headers].filter(([k]) => ['content-range', 'content-type', 'preference-applied', 'location'].includes(k)))), (await r.text()).slice(0, 600));
  };
  await show('/api/db/people?select=id,name,identities(traits),people_roles(roles)&limit=2');
  await show('/api/db/agents?select=name,people(name)');
  await show('/api/db/agents?select=name,people!agents_person_id_fkey(name)');
  await show('/api/db/teams?select=name,people(name)');
  await show('/api/db/people?select=name,teams(name)');
  await show('/api/db/people?select=nam');
  await show('/api/db/peple');
  await show('/api/db/people?select=id,,name');
  await show('/api/db/people?name=foo.bar');
  await show('/api/db/people?or=(name.eq.a,and(name.eq.b,id.is.null))&order=name.desc.nullslast');
  await show('/api/db/people?offset=100', { headers: { prefer: 'count=exact' } });
  await show('/api/db/people?limit=1', { headers: { accept: 'application/vnd.pgrst.object+json' } });
  await show('/api/db/people?limit=2', { headers: { accept: 'application/vnd.pgrst.object+json' } });
  await show('/api/db/people?select=name,created_at&limit=2', { headers: { accept: 'text/csv' } });
  await show('/api/db/people?limit=2', { headers: { accept: 'text/html' } });
  await show('/api/db/people?limit=2', { headers: { prefer: 'count=planned' } });
  await show('/api/db/people?limit=2', { headers: { prefer: 'count=estimated' } });
  await show('/api/db/people?id=eq.not-a-uuid');
  await show('/api/db/job_histories?select=*&limit=1');
  await show('/api/db/agents_summary?select=name,people!agents_created_by_fkey(name)');
  await show('/api/db/properties', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
  await show('/api/db/properties', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
  await show('/api/db/properties', { method: 'POST', body: 'x=1' });
  await show('/api/db/properties', { method: 'DELETE' });
  await show('/api/db/roles', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
  await show('/api/db/rpc/nothing');
  await show('/api/db/people?select=*,identities!inner(state)&identities.state=eq.active&limit=1', { headers: { prefer: 'count=exact' } });
  await show('/api/db/people?select=name::text,x:id::int&limit=1');
  await show('/api/db/people?select=name::int&limit=1');
  await show('/api/db/people?select=name::nosuch&limit=1');
});
