import type { PersonRow, TeamMemberRow, TeamRow } from '@ops/shared';
import { db, type DbList } from '../../../lib/db';
import { resourceJobHistory, type JobHistoryRow } from '../../../lib/job-history-row';

/** Query keys of the teams pages; settings lists are not cached (staleTime 0 at the call sites). */
export const teamKeys = {
  all: ['teams'] as const,
  members: (id: string) => ['teams', 'members', id] as const,
  jobs: (id: string) => ['teams', 'jobs', id] as const,
  people: ['teams', 'people'] as const,
};

/** GET /teams?id=eq.{id}; null when it does not exist or was deleted. */
export async function getTeam(id: string, signal?: AbortSignal): Promise<TeamRow | null> {
  const res = await db.get<TeamRow>('teams', { id: `eq.${id}`, deleted_at: 'is.null' }, { signal });
  return res.data[0] ?? null;
}

export interface TeamWrite {
  name: string;
  icon: string | null;
  spec: Record<string, unknown>;
}

/** POST /teams; the server sets created_by and the timestamps. */
export async function createTeam(body: TeamWrite): Promise<TeamRow> {
  const [row] = await db.post<TeamRow>('teams', body);
  if (!row) throw new Error('The server did not return the new team');
  return row;
}

/** PATCH /teams?id=eq.{id}: icon and spec (the name of an existing team is read-only). */
export async function updateTeam(id: string, body: Partial<TeamWrite>): Promise<void> {
  await db.patch('teams', { id: `eq.${id}` }, body, { returnRows: false });
}

/** DELETE /teams?id=eq.{id}: a soft delete (the server sets deleted_at). */
export async function deleteTeam(id: string): Promise<void> {
  await db.delete('teams', { id: `eq.${id}` }, { returnRows: false });
}

/** GET /team_members?team_id=eq.{id}&select=*,person_id(*): members with the person embedded. */
export async function listMembers(teamId: string, signal?: AbortSignal): Promise<TeamMemberRow[]> {
  const res = await db.get<TeamMemberRow>('team_members', { team_id: `eq.${teamId}`, select: '*,person_id(*)' }, { signal });
  return res.data;
}

/** POST /team_members with a list of {team_id, person_id}: adds several people at once. */
export async function addMembers(teamId: string, personIds: readonly string[]): Promise<void> {
  await db.post(
    'team_members',
    personIds.map((person_id) => ({ team_id: teamId, person_id })),
    { returnRows: false },
  );
}

/** DELETE /team_members?person_id=eq.{id}, scoped to this team so other memberships stay. */
export async function removeMember(teamId: string, personId: string): Promise<void> {
  await db.delete('team_members', { team_id: `eq.${teamId}`, person_id: `eq.${personId}` }, { returnRows: false });
}

/** GET /people: everyone who can be added to a team (not deleted), by name. */
export async function listPeople(signal?: AbortSignal): Promise<PersonRow[]> {
  const res = await db.get<PersonRow>(
    'people',
    { select: 'id,name,email,avatar', deleted_at: 'is.null', order: 'name.asc', limit: 1000 },
    { signal },
  );
  return res.data;
}

/** The team's job runs, newest first, paged on the server with a total. */
export function teamJobHistory(id: string, page: { limit: string; offset: string }, signal?: AbortSignal): Promise<DbList<JobHistoryRow>> {
  return resourceJobHistory('eq.team', id, page, signal);
}
