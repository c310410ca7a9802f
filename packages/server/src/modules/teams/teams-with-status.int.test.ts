// /settings/teams reads teams_with_status one page at a time: each team with its latest team-sync run (status,
// details, errors), when a sync last failed and who created the team (0029).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_USERS, type TestServer } from '../../test/test-server.js';
import { TEAM_SYNC_JOB } from './team-store.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

interface TeamListRow {
  id: string;
  name: string;
  source: string | null;
  job_name: string | null;
  job_status: string | null;
  job_errors: string[] | null;
  job_details: { summary?: { members: number } } | null;
  job_last_failed: string | null;
  created_by: { id: string } | null;
}

const SELECT = 'id,name,source,job_name,job_status,job_errors,job_details,job_last_failed,created_by(id)';
const list = (query: string, as: 'admin' | 'editor' | 'viewer' = 'admin') =>
  s.json<TeamListRow[]>(`/api/db/teams_with_status?select=${SELECT}&deleted_at=is.null&${query}`, {
    headers: { prefer: 'count=exact' },
    as,
  });
const applyTeam = (members: string[]) =>
  s.json<{ results: { id: string }[] }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: `apiVersion: mission-control.flanksource.com/v1\nkind: Team\nmetadata:\n  name: synced\nspec:\n  members: [${members.join(', ')}]\n`,
  });

describe('teams_with_status for the settings list', () => {
  it('shows the latest sync run and when a sync last failed', async () => {
    const failing = await applyTeam(['nobody@example.invalid']);
    expect(failing.status).toBe(200);
    const id = failing.body.results[0]!.id;
    const [failed] = (await list(`id=eq.${id}`)).body;
    expect(failed).toMatchObject({ name: 'synced', source: 'apply', job_name: TEAM_SYNC_JOB, job_status: 'FAILED' });
    expect(failed!.job_errors).toEqual(['member nobody@example.invalid is not a known person']);
    expect(failed!.job_last_failed).not.toBeNull();

    expect((await applyTeam([TEST_USERS.editor])).status).toBe(200);
    const [synced] = (await list(`id=eq.${id}`)).body;
    expect(synced).toMatchObject({ job_status: 'SUCCESS', job_errors: [], job_details: { summary: { members: 1 } } });
    expect(synced!.job_last_failed).toBe(failed!.job_last_failed);
  });

  it('pages by name with an exact count, embeds the creator and leaves deleted teams out', async () => {
    for (const name of ['page-a', 'page-b', 'page-c']) {
      const r = await s.json('/api/db/teams', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
        as: 'editor',
      });
      expect(r.status).toBe(201);
    }
    const second = await list('name=like.page-*&order=name.asc&limit=1&offset=1', 'viewer');
    expect(second.status).toBe(206);
    expect(second.headers.get('content-range')).toBe('1-1/3');
    expect(second.body).toEqual([
      expect.objectContaining({ name: 'page-b', source: null, job_status: null, job_last_failed: null, created_by: { id: s.ids.editor } }),
    ]);
    const victim = second.body[0]!;
    expect((await s.request(`/api/db/teams?id=eq.${victim.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await list('name=like.page-*&order=name.asc');
    expect(after.headers.get('content-range')).toBe('0-1/2');
    expect(after.body.map((t) => t.name)).toEqual(['page-a', 'page-c']);
  });

  it('is read-only: writes go to teams, never through the view', async () => {
    const write = await s.json('/api/db/teams_with_status', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(write.status).toBe(405);
  });
});
