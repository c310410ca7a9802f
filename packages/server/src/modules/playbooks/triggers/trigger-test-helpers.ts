// What the trigger integration tests share: applying a playbook document, and reading runs and their
// action results straight from the database (waiting until runs end).
import { sql, type Kysely } from 'kysely';
import { stringify } from 'yaml';
import type { Database } from '../../../db/schema.js';

/** What these helpers use of a test server (test/ stays out of the build, so its type is restated here). */
interface TestServer {
  request(path: string, init?: RequestInit): Promise<Response>;
  ctx: { db: { kysely: Kysely<Database> } };
}

export interface RunRow {
  id: string;
  playbook_id: string;
  status: string;
  trigger: string;
  parameters: Record<string, unknown>;
  request: Record<string, unknown> | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  error: string | null;
}

/** Apply documents (YAML text or objects) through the API; returns the ids the server answers. */
export async function applyPlaybook(s: TestServer, doc: string | object): Promise<string[]> {
  const res = await s.request('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: typeof doc === 'string' ? doc : stringify(doc),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`apply answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { results: Array<{ id: string }> }).results.map((r) => r.id);
}

/** Runs of a playbook, oldest first. */
export async function runsOf(s: TestServer, playbookId: string): Promise<RunRow[]> {
  const { rows } = await sql<RunRow>`
    SELECT id, playbook_id, status, trigger, parameters, request, config_id, component_id, check_id, error
    FROM playbook_runs WHERE playbook_id = ${playbookId} ORDER BY created_at, id`.execute(s.ctx.db.kysely);
  return rows;
}

/** Poll `read` until `ok` holds or `ms` pass; returns the last value read. */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const FINAL = ['completed', 'failed', 'cancelled', 'timed_out'];

/** Wait for a run to end; its status and the stdout of each action's last attempt. */
export async function finishedRun(s: TestServer, runId: string): Promise<{ status: string; stdout: string[] }> {
  const read = async () =>
    (await sql<{ status: string }>`SELECT status FROM playbook_runs WHERE id = ${runId}`.execute(s.ctx.db.kysely)).rows[0]?.status ?? '';
  const status = await eventually(read, (st) => FINAL.includes(st), 30_000);
  const { rows } = await sql<{ stdout: string | null }>`
    SELECT DISTINCT ON (position) result ->> 'stdout' AS stdout FROM playbook_run_actions
    WHERE playbook_run_id = ${runId} ORDER BY position, attempt DESC`.execute(s.ctx.db.kysely);
  return { status, stdout: rows.map((r) => r.stdout ?? '') };
}
