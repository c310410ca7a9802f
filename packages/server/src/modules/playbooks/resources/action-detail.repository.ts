// GET /api/playbook/run/action/{id} and its artifact downloads. An action's result may be tens of
// megabytes of log: it is read as text and spliced into the answer, never parsed into objects, so the run
// page opens fast.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The action attempt with its result and artifact list (JSON text), or undefined when there is none. */
export async function actionDetailJson(db: Kysely<Database>, actionId: string): Promise<string | undefined> {
  const { rows } = await sql<{ head: string; result: string | null }>`
    SELECT json_build_object(
      'id', a.id, 'playbook_run_id', a.playbook_run_id, 'name', a.name, 'position', a.position, 'attempt', a.attempt,
      'status', a.status, 'scheduled_time', a.scheduled_time, 'start_time', a.start_time, 'end_time', a.end_time,
      'error', a.error,
      'artifacts', coalesce((
        SELECT json_agg(json_build_object('id', f.id, 'path', f.path, 'filename', f.filename, 'content_type', f.content_type,
                                          'size', f.size) ORDER BY f.created_at, f.path, f.id)
        FROM playbook_run_artifacts f WHERE f.playbook_run_action_id = a.id), '[]'::json)
    )::text AS head, a.result::text AS result
    FROM playbook_run_actions a WHERE a.id = ${actionId}::uuid`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  // head ends with '}': the result goes in as the last field, as PostgreSQL wrote it.
  return `${row.head.slice(0, -1)}, "result" : ${row.result ?? 'null'}}`;
}

export interface ArtifactFile {
  filename: string;
  content_type: string;
  content: Buffer;
}

/** One artifact of one action (both ids must agree), or undefined. */
export async function artifactFile(db: Kysely<Database>, actionId: string, artifactId: string): Promise<ArtifactFile | undefined> {
  const { rows } = await sql<ArtifactFile>`
    SELECT filename, content_type, content FROM playbook_run_artifacts
    WHERE id = ${artifactId}::uuid AND playbook_run_action_id = ${actionId}::uuid`.execute(db);
  return rows[0];
}
