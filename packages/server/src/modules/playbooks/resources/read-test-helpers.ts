// Helpers of the playbook read tests: config items, components, checks, playbooks and run rows inserted
// with SQL as the catalogue, topology, health and engine leave them (the read side only reads them).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const one = async (q: ReturnType<typeof sql<{ id: string }>>, db: Kysely<Database>) => (await q.execute(db)).rows[0]!.id;

export async function insertConfig(
  db: Kysely<Database>,
  c: {
    name: string;
    type: string;
    health?: string;
    status?: string;
    tags?: object;
    labels?: object;
    config?: object;
    configClass?: string;
  },
): Promise<string> {
  return one(
    sql<{ id: string }>`
      INSERT INTO config_items (external_id, type, name, config_class, health, status, tags, labels, config)
      VALUES (ARRAY[${`read-${c.type}-${c.name}`}], ${c.type}, ${c.name}, ${c.configClass ?? ''}, ${c.health ?? 'healthy'}, ${c.status ?? null},
              ${json(c.tags ?? {})}, ${json(c.labels ?? {})}, ${json(c.config ?? {})})
      RETURNING id::text AS id`,
    db,
  );
}

export async function insertComponent(
  db: Kysely<Database>,
  c: { name: string; type: string; health?: string; namespace?: string; labels?: object },
): Promise<string> {
  return one(
    sql<{ id: string }>`
      INSERT INTO components (name, type, health, status, namespace, labels)
      VALUES (${c.name}, ${c.type}, ${c.health ?? 'healthy'}, ${c.health ?? 'healthy'}, ${c.namespace ?? null}, ${json(c.labels ?? {})})
      RETURNING id::text AS id`,
    db,
  );
}

export async function insertCanary(db: Kysely<Database>, name: string): Promise<string> {
  return one(sql<{ id: string }>`INSERT INTO canaries (name, namespace) VALUES (${name}, 'default') RETURNING id::text AS id`, db);
}

export async function insertCheck(
  db: Kysely<Database>,
  canaryId: string,
  c: { name: string; type: string; status?: string; labels?: object; spec?: object },
): Promise<string> {
  return one(
    sql<{ id: string }>`
      INSERT INTO checks (canary_id, type, name, status, labels, spec)
      VALUES (${canaryId}, ${c.type}, ${c.name}, ${c.status ?? 'healthy'}, ${json(c.labels ?? {})}, ${json(c.spec ?? {})})
      RETURNING id::text AS id`,
    db,
  );
}

export async function insertPlaybook(
  db: Kysely<Database>,
  p: { name: string; title?: string; category?: string; spec: object; deleted?: boolean },
): Promise<string> {
  return one(
    sql<{ id: string }>`
      INSERT INTO playbooks (name, title, category, spec, deleted_at)
      VALUES (${p.name}, ${p.title ?? p.name}, ${p.category ?? 'Other'}, ${json(p.spec)}, CASE WHEN ${p.deleted ?? false} THEN now() END)
      RETURNING id::text AS id`,
    db,
  );
}

export async function insertRun(
  db: Kysely<Database>,
  r: {
    playbookId: string;
    status?: string;
    spec?: object;
    parameters?: object;
    configId?: string;
    checkId?: string;
    createdBy?: string;
    error?: string;
  },
): Promise<string> {
  return one(
    sql<{ id: string }>`
      INSERT INTO playbook_runs (playbook_id, status, spec, parameters, config_id, check_id, created_by, error, start_time)
      VALUES (${r.playbookId}, ${r.status ?? 'running'}, ${json(r.spec ?? {})}, ${json(r.parameters ?? {})}, ${r.configId ?? null},
              ${r.checkId ?? null}, ${r.createdBy ?? null}, ${r.error ?? null}, now())
      RETURNING id::text AS id`,
    db,
  );
}

export async function insertAction(
  db: Kysely<Database>,
  a: {
    runId: string;
    name: string;
    position: number;
    attempt?: number;
    status?: string;
    result?: unknown;
    resultText?: string;
    error?: string;
  },
): Promise<string> {
  const result = a.resultText !== undefined ? sql`${a.resultText}::jsonb` : a.result === undefined ? sql`NULL` : json(a.result);
  return one(
    sql<{ id: string }>`
      INSERT INTO playbook_run_actions (playbook_run_id, name, position, attempt, status, result, error, start_time)
      VALUES (${a.runId}, ${a.name}, ${a.position}, ${a.attempt ?? 1}, ${a.status ?? 'running'}, ${result}, ${a.error ?? null}, now())
      RETURNING id::text AS id`,
    db,
  );
}

export async function insertArtifact(
  db: Kysely<Database>,
  a: { actionId: string; path: string; filename: string; contentType: string; content: Buffer },
): Promise<string> {
  return one(
    sql<{ id: string }>`
      INSERT INTO playbook_run_artifacts (playbook_run_action_id, path, filename, content_type, size, checksum, content)
      VALUES (${a.actionId}, ${a.path}, ${a.filename}, ${a.contentType}, ${a.content.length}, 'test', ${a.content})
      RETURNING id::text AS id`,
    db,
  );
}
