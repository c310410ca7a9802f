// The live playbook a run is made from, read by id (a deleted playbook cannot start runs).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { playbookById, type PlaybookHead } from '../playbooks.repository.js';
import type { RunSpec } from './engine-spec.js';

export type LivePlaybook = PlaybookHead<RunSpec>;

/** The live playbook with this id, or undefined (also for a malformed id), with its spec as the engine reads it. */
export async function livePlaybook(db: Kysely<Database>, id: string): Promise<LivePlaybook | undefined> {
  return playbookById(db, id);
}

/** The playbook of a run, deleted or not (a run under way finishes even if its playbook is deleted). */
export async function playbookOfRun(db: Kysely<Database>, id: string): Promise<LivePlaybook | undefined> {
  const res = await sql<LivePlaybook>`
    SELECT id, name, namespace, title, icon, description, category, spec FROM playbooks WHERE id = ${id}`.execute(db);
  return res.rows[0];
}
