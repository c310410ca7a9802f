// The playbook reads of the triggers: by subscribed event, and by id for a schedule (the spec module's
// repository answers webhook paths). Each reads live playbooks only, so a deleted playbook's triggers stop.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { triggerSpecOf, type TriggerSpec } from './trigger-spec.js';

/** A live playbook as the triggers read it. */
export interface TriggerPlaybook {
  id: string;
  name: string;
  namespace: string;
  spec: TriggerSpec;
}

/** The spec's list an event class lives in: check events are `on.canary`. */
export type EventClass = 'config' | 'component' | 'canary';

type Row = { id: string; name: string; namespace: string; spec: unknown };
const toPlaybook = (r: Row): TriggerPlaybook => ({ id: r.id, name: r.name, namespace: r.namespace, spec: triggerSpecOf(r.spec) });

/** Live playbooks with an `on.<cls>` entry for `event` (e.g. canary/failed), oldest first. */
export async function playbooksForEvent(db: Kysely<Database>, cls: EventClass, event: string): Promise<TriggerPlaybook[]> {
  const { rows } = await sql<Row>`
    SELECT id, name, namespace, spec FROM playbooks
    WHERE deleted_at IS NULL AND jsonb_typeof(spec -> 'on' -> ${cls}) = 'array'
      AND spec -> 'on' -> ${cls} @> ${JSON.stringify([{ event }])}::jsonb
    ORDER BY created_at, id`.execute(db);
  return rows.map(toPlaybook);
}

/** One live playbook by id (a schedule's run reads it again: it may have changed or gone). */
export async function triggerPlaybookById(db: Kysely<Database>, id: string): Promise<TriggerPlaybook | undefined> {
  const { rows } = await sql<Row>`SELECT id, name, namespace, spec FROM playbooks WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(
    db,
  );
  return rows[0] && toPlaybook(rows[0]);
}
