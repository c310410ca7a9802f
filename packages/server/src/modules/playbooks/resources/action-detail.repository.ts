// GET /api/playbook/run/action/{id}, its log streams as plain text and its artifact downloads. An action's
// result may be tens of megabytes of log: stdout and stderr strings up to LOG_INLINE_BYTES are read as text
// and JSON-escaped here; longer ones are left out of the JSON (only their size is said, under `logs`) and
// served alone as text/plain, so the detail stays small and nothing 50 MB is ever JSON-escaped or parsed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The result's keys served as raw text when they hold strings: the big log streams. */
const LOG_KEYS = ['stdout', 'stderr'] as const;
export type LogStreamKey = (typeof LOG_KEYS)[number];

/** Log strings longer than this (UTF-8 bytes) are left out of the detail JSON and fetched as text. */
export const LOG_INLINE_BYTES = 256 * 1024;

interface ActionRow {
  head: string;
  /** The result without the log keys that hold strings (JSON text), or the whole result when it is not an object. */
  rest: string | null;
  stdout: string | null;
  stderr: string | null;
  stdout_bytes: number | null;
  stderr_bytes: number | null;
}

/** The action attempt with its result and artifact list (JSON text), or undefined when there is none. */
export async function actionDetailJson(db: Kysely<Database>, actionId: string): Promise<string | undefined> {
  // `r` is the result unpacked once (`|| '{}'` makes an in-memory copy; each use of a.result would unpack the
  // stored value again); an object stays the same object, anything else becomes an array and is served as stored.
  const { rows } = await sql<ActionRow>`
    SELECT json_build_object(
      'id', a.id, 'playbook_run_id', a.playbook_run_id, 'name', a.name, 'position', a.position, 'attempt', a.attempt,
      'status', a.status, 'scheduled_time', a.scheduled_time, 'start_time', a.start_time, 'end_time', a.end_time,
      'error', a.error,
      'artifacts', coalesce((
        SELECT json_agg(json_build_object('id', f.id, 'path', f.path, 'filename', f.filename, 'content_type', f.content_type,
                                          'size', f.size) ORDER BY f.created_at, f.path, f.id)
        FROM playbook_run_artifacts f WHERE f.playbook_run_action_id = a.id), '[]'::json)
    )::text AS head,
    CASE WHEN t.object THEN (x.r - array_remove(ARRAY[CASE WHEN t.stdout THEN 'stdout' END, CASE WHEN t.stderr THEN 'stderr' END], NULL))::text
         ELSE a.result::text END AS rest,
    CASE WHEN octet_length(l.stdout) <= ${LOG_INLINE_BYTES} THEN l.stdout END AS stdout,
    CASE WHEN octet_length(l.stderr) <= ${LOG_INLINE_BYTES} THEN l.stderr END AS stderr,
    octet_length(l.stdout) AS stdout_bytes, octet_length(l.stderr) AS stderr_bytes
    FROM playbook_run_actions a
    CROSS JOIN LATERAL (SELECT a.result || '{}'::jsonb AS r OFFSET 0) x
    CROSS JOIN LATERAL (
      SELECT jsonb_typeof(x.r) = 'object' AS object,
             jsonb_typeof(x.r) = 'object' AND jsonb_typeof(x.r -> 'stdout') = 'string' AS stdout,
             jsonb_typeof(x.r) = 'object' AND jsonb_typeof(x.r -> 'stderr') = 'string' AS stderr
      OFFSET 0) t
    CROSS JOIN LATERAL (
      SELECT CASE WHEN t.stdout THEN x.r ->> 'stdout' END AS stdout, CASE WHEN t.stderr THEN x.r ->> 'stderr' END AS stderr
      OFFSET 0) l
    WHERE a.id = ${actionId}::uuid`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  // head ends with '}': the sizes of the streams left out, then the result, go in as the last fields.
  const omitted = LOG_KEYS.filter((key) => row[key] === null && row[`${key}_bytes`] !== null);
  const logs = omitted.map((key) => `"${key}": {"bytes": ${Number(row[`${key}_bytes`])}}`).join(', ');
  return `${row.head.slice(0, -1)}${logs ? `, "logs" : {${logs}}` : ''}, "result" : ${resultJson(row)}}`;
}

// The small log strings JSON-escaped here (V8 does it faster than PostgreSQL), then the other keys.
function resultJson(row: ActionRow): string {
  if (row.rest === null) return 'null';
  const fields: string[] = [];
  for (const key of LOG_KEYS) {
    const value = row[key];
    if (value !== null) fields.push(`"${key}": ${JSON.stringify(value)}`);
  }
  if (fields.length === 0) return row.rest;
  const others = row.rest.slice(1, -1).trim();
  if (others) fields.push(others);
  return `{${fields.join(', ')}}`;
}

/**
 * One log stream of an action as stored (the string under result.stdout or result.stderr), or undefined when
 * the action or a string stream is absent: served as text/plain, it never goes through JSON.
 */
export async function actionLogText(db: Kysely<Database>, actionId: string, stream: LogStreamKey): Promise<string | undefined> {
  const { rows } = await sql<{ text: string | null }>`
    SELECT CASE WHEN jsonb_typeof(x.r -> ${stream}::text) = 'string' THEN x.r ->> ${stream}::text END AS text
    FROM playbook_run_actions a
    CROSS JOIN LATERAL (SELECT a.result || '{}'::jsonb AS r OFFSET 0) x -- unpacked once, read twice
    WHERE a.id = ${actionId}::uuid`.execute(db);
  return rows[0]?.text ?? undefined;
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
