import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import { PeopleService } from '../people/index.js';
import { TeamsRepository, type TeamRecord } from './teams.repository.js';

export type ApplyAction = 'created' | 'updated' | 'unchanged';

/** The job that syncs a team's members from its spec; its runs show on the team's Job History tab. */
export const TEAM_SYNC_JOB = 'team-sync';

export interface TeamInput {
  name: string;
  icon: string | null;
  spec: Record<string, unknown>;
  /** Member e-mail addresses or person ids; undefined leaves the members as they are. */
  members?: string[];
}

/** Teams as config as code (`Team` kind) and for other areas (through teams.service.ts). */
export class TeamStore {
  private readonly people = new PeopleService();

  constructor(private readonly ctx: AppContext) {}

  /**
   * Create or update a team by name in `db` (the apply transaction) and, when the spec lists members, make
   * the team's members exactly those (a `team-sync` run in job history; unknown members are its errors).
   */
  async apply(db: Kysely<Database>, input: TeamInput, actorId: string): Promise<{ id: string; action: ApplyAction }> {
    const repo = new TeamsRepository(db);
    const existing = await repo.byName(input.name);
    let id: string;
    let action: ApplyAction;
    if (!existing) {
      id = await repo.insert({ name: input.name, icon: input.icon, spec: input.spec, source: 'apply', createdBy: actorId });
      action = 'created';
    } else {
      id = existing.id;
      const same = existing.icon === input.icon && canonical(existing.spec) === canonical(input.spec);
      if (!same) await repo.update(id, { icon: input.icon, spec: input.spec, source: 'apply' });
      action = same ? 'unchanged' : 'updated';
    }
    if (input.members) {
      const changed = await this.syncMembers(db, id, input.members);
      if (changed && action === 'unchanged') action = 'updated';
    }
    return { id, action };
  }

  // Returns whether membership changed.
  private async syncMembers(db: Kysely<Database>, teamId: string, refs: string[]): Promise<boolean> {
    return this.ctx.jobs.record(TEAM_SYNC_JOB, { resourceType: 'team', resourceId: teamId }, async (run) => {
      const repo = new TeamsRepository(db);
      const { people, missing } = await this.people.resolve(db, refs);
      for (const m of missing) run.error(`member ${m} is not a known person`);
      const want = new Set(people.map((p) => p.id));
      const have = new Set(await repo.memberIds(teamId));
      const add = [...want].filter((p) => !have.has(p));
      const remove = [...have].filter((p) => !want.has(p));
      await repo.addMembers(teamId, add);
      await repo.removeMembers(teamId, remove);
      run.success(people.length);
      run.details.summary = { members: people.length, added: add.length, removed: remove.length, missing };
      return add.length + remove.length > 0;
    });
  }

  async list(db: Kysely<Database>, limit: number, offset: number): Promise<TeamRecord[]> {
    return new TeamsRepository(db).list(limit, offset);
  }

  async get(db: Kysely<Database>, name: string): Promise<TeamRecord | undefined> {
    return new TeamsRepository(db).byName(name);
  }

  /** Soft delete (deleted_at). */
  async delete(db: Kysely<Database>, name: string): Promise<boolean> {
    return new TeamsRepository(db).softDelete(name);
  }

  async members(db: Kysely<Database>, teamId: string): Promise<string[]> {
    return new TeamsRepository(db).memberIds(teamId);
  }
}

// JSON with sorted keys: jsonb gives keys back in its own order, so plain stringify would see a change.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
