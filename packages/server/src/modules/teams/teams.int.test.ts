import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMemberRowSchema, teamRowSchema, type TeamRow } from '@ops/shared';
import { startTestServer, TEST_USERS, type TestServer, type TestUser } from '../../test/test-server.js';
import { TEAM_SYNC_JOB } from './team-store.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const db = <T>(path: string, init: RequestInit & { as?: TestUser } = {}) =>
  s.json<T>(`/api/db/${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', prefer: 'return=representation', ...(init.headers ?? {}) },
  });
const apply = (yaml: string, as: TestUser = 'admin') =>
  s.json<{ results: { action: string; id: string }[]; error?: string }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
    as,
  });

describe('teams and members through /api/db', () => {
  it('creates a team, adds several members at once, lists them with the person embedded, removes one', async () => {
    const created = await db<TeamRow[]>('teams', {
      method: 'POST',
      body: JSON.stringify({ name: 'sre', icon: 'server', spec: { displayName: 'SRE' } }),
    });
    expect(created.status).toBe(201);
    const team = teamRowSchema.parse(created.body[0]);
    expect(team.created_by).toBe(s.ids.admin);
    const list = await db<TeamRow[]>('teams?deleted_at=is.null&order=name.asc');
    expect(list.body.map((t) => t.name)).toContain('sre');
    expect((await db<TeamRow[]>(`teams?id=eq.${team.id}`)).body).toHaveLength(1);

    const add = await db('team_members', {
      method: 'POST',
      body: JSON.stringify([
        { team_id: team.id, person_id: s.ids.editor },
        { team_id: team.id, person_id: s.ids.viewer },
      ]),
    });
    expect(add.status).toBe(201);
    const members = await db<unknown[]>(`team_members?team_id=eq.${team.id}&select=*,person_id(*)`);
    const parsed = members.body.map((m) => teamMemberRowSchema.parse(m));
    expect(parsed.map((m) => m.person_id.email).sort()).toEqual([TEST_USERS.editor, TEST_USERS.viewer]);
    const del = await s.request(`/api/db/team_members?team_id=eq.${team.id}&person_id=eq.${s.ids.viewer}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await db<unknown[]>(`team_members?team_id=eq.${team.id}`)).body).toHaveLength(1);
  });

  it('lets editors write teams but not commanders or viewers', async () => {
    expect((await db('teams', { method: 'POST', body: JSON.stringify({ name: 'by-editor' }), as: 'editor' })).status).toBe(201);
    for (const as of ['commander', 'responder', 'viewer'] as const) {
      expect((await db('teams', { method: 'POST', body: JSON.stringify({ name: `by-${as}` }), as })).status).toBe(403);
      expect(
        (await db('team_members', { method: 'POST', body: JSON.stringify([{ team_id: s.ids.admin, person_id: s.ids.admin }]), as })).status,
      ).toBe(403);
    }
    expect((await db<{ message: string }>('teams', { method: 'POST', body: JSON.stringify({ name: ' ' }) })).status).toBe(400);
  });
});

describe('Team kind (mission-control.flanksource.com/v1)', () => {
  const fixture = readFileSync('/work/shared/conformance/mission-control/fixtures/teams/devs.yaml', 'utf8');

  it('applies the conformance fixture; unknown members make the team-sync run fail in job history', async () => {
    const r = await apply(fixture);
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ action: 'created' });
    const teamId = r.body.results[0]!.id;
    const team = await db<TeamRow[]>(`teams?id=eq.${teamId}`);
    expect(team.body[0]).toMatchObject({
      name: 'devs',
      icon: 'server',
      source: 'apply',
      spec: { displayName: 'Developers', members: ['yash@yash.com'] },
    });
    const runs = await db<{ name: string; status: string; errors: string[]; resource_name: string }[]>(
      `job_histories?resource_type=eq.team&resource_id=eq.${teamId}&order=created_at.desc`,
    );
    expect(runs.body[0]).toMatchObject({ name: TEAM_SYNC_JOB, status: 'FAILED', resource_name: 'devs' });
    expect(runs.body[0]?.errors[0]).toBe('member yash@yash.com is not a known person');
    expect(await apply(fixture)).toMatchObject({ body: { results: [{ action: 'unchanged' }] } });
  });

  it('syncs members from the spec by e-mail (added and removed), and lists and deletes through the resources API', async () => {
    const yaml = (members: string[]) =>
      `apiVersion: mission-control.flanksource.com/v1\nkind: Team\nmetadata:\n  name: ops\nspec:\n  displayName: Operations\n  members: [${members.join(', ')}]\n`;
    const first = await apply(yaml([TEST_USERS.editor, TEST_USERS.commander.toUpperCase()]));
    const teamId = first.body.results[0]!.id;
    const members = async () =>
      (await db<{ person_id: string }[]>(`team_members?team_id=eq.${teamId}`)).body.map((m) => m.person_id).sort();
    expect(await members()).toEqual([s.ids.editor, s.ids.commander].sort());
    const second = await apply(yaml([TEST_USERS.editor]));
    expect(second.body.results[0]?.action).toBe('updated');
    expect(await members()).toEqual([s.ids.editor]);
    const runs = await db<{ status: string; details: { summary: { removed: number } } }[]>(
      `job_histories?resource_type=eq.team&resource_id=eq.${teamId}&order=created_at.desc`,
    );
    expect(runs.body[0]).toMatchObject({ status: 'SUCCESS', details: { summary: { removed: 1 } } });

    const got = await s.json<{ spec: { displayName: string }; status: { members: number } }>('/api/resources/teams/ops');
    expect(got.body).toMatchObject({ spec: { displayName: 'Operations' }, status: { members: 1 } });
    expect((await apply(yaml([]), 'viewer')).status).toBe(403);
    expect((await s.json('/api/resources/teams/ops', { method: 'DELETE' })).status).toBe(200);
    expect((await db<TeamRow[]>(`teams?id=eq.${teamId}&deleted_at=is.null`)).body).toEqual([]);
  });

  it('refuses a bad document with a message naming the field', async () => {
    const r = await apply('apiVersion: mission-control.flanksource.com/v1\nkind: Team\nmetadata:\n  name: bad\nspec:\n  members: yes\n');
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('spec.members');
  });
});
