import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface TeamRecord {
  id: string;
  name: string;
  icon: string | null;
  spec: Record<string, unknown>;
  source: string | null;
  created_at: Date;
  updated_at: Date;
  created_by_name: string | null;
}

type TeamsDb = Kysely<Database & { teams: TeamsTable; team_members: TeamMembersTable }>;
// teams and team_members are base tables (0001) without Kysely types in db/schema.ts; typed here.
interface TeamsTable {
  id: Generated<string>;
  name: string;
  icon: string | null;
  spec: ColumnType<Record<string, unknown>, string, string>;
  source: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: ColumnType<Date | null, never, Date | null>;
}
interface TeamMembersTable {
  team_id: string;
  person_id: string;
  created_at: Generated<Date>;
}

const typed = (db: Kysely<Database>) => db as unknown as TeamsDb;

/** Teams and their members (the Team kind writes them in the apply transaction). */
export class TeamsRepository {
  private readonly db: TeamsDb;
  constructor(db: Kysely<Database>) {
    this.db = typed(db);
  }

  private query() {
    return this.db
      .selectFrom('teams as t')
      .leftJoin('people as p', 'p.id', 't.created_by')
      .where('t.deleted_at', 'is', null)
      .select(['t.id', 't.name', 't.icon', 't.spec', 't.source', 't.created_at', 't.updated_at', 'p.name as created_by_name']);
  }

  async byName(name: string): Promise<TeamRecord | undefined> {
    return (await this.query().where('t.name', '=', name).executeTakeFirst()) as TeamRecord | undefined;
  }

  async list(limit: number, offset: number): Promise<TeamRecord[]> {
    return (await this.query().orderBy('t.name').limit(limit).offset(offset).execute()) as TeamRecord[];
  }

  async insert(t: {
    name: string;
    icon: string | null;
    spec: Record<string, unknown>;
    source: string;
    createdBy: string;
  }): Promise<string> {
    const row = await this.db
      .insertInto('teams')
      .values({ name: t.name, icon: t.icon, spec: JSON.stringify(t.spec), source: t.source, created_by: t.createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, t: { icon: string | null; spec: Record<string, unknown>; source: string }): Promise<void> {
    await this.db
      .updateTable('teams')
      .set({ icon: t.icon, spec: JSON.stringify(t.spec), source: t.source, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async softDelete(name: string): Promise<boolean> {
    const res = await this.db
      .updateTable('teams')
      .set({ deleted_at: new Date() })
      .where('name', '=', name)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async memberIds(teamId: string): Promise<string[]> {
    return (await this.db.selectFrom('team_members').select('person_id').where('team_id', '=', teamId).execute()).map((r) => r.person_id);
  }

  async addMembers(teamId: string, personIds: string[]): Promise<void> {
    if (!personIds.length) return;
    await this.db
      .insertInto('team_members')
      .values(personIds.map((person_id) => ({ team_id: teamId, person_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeMembers(teamId: string, personIds: string[]): Promise<void> {
    if (!personIds.length) return;
    await this.db.deleteFrom('team_members').where('team_id', '=', teamId).where('person_id', 'in', personIds).execute();
  }
}
