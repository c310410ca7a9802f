// For the engine's integration tests: apply a Playbook document through HTTP, start runs, and wait for a
// run to end, reading its rows (run, attempts) straight from the database as the engine left them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { stringify } from 'yaml';
import type { AppContext } from '../../../context.js';

// The parts of the test server (test/test-server.ts) these helpers use; typed here because the server's
// build leaves test/ out.
type TestUser = 'admin' | 'editor' | 'commander' | 'responder' | 'viewer' | 'norole';
interface TestServer {
  ctx: AppContext;
  json<T = unknown>(path: string, init?: RequestInit & { as?: TestUser | null }): Promise<{ status: number; headers: Headers; body: T }>;
}

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const CONFORMANCE = path.resolve(REPO, '../shared/conformance/mission-control');

/** A conformance fixture's text: `fixtures/playbooks/x.yaml` or `playbook/testdata/x.yaml`. */
export function fixtureText(relative: string): string {
  return readFileSync(path.join(CONFORMANCE, relative), 'utf8');
}

/** Apply Playbook documents (YAML text or objects) as the admin; returns their ids by name. */
export async function applyPlaybooks(s: TestServer, docs: string | object[]): Promise<Record<string, string>> {
  const body = typeof docs === 'string' ? docs : docs.map((d) => stringify(d)).join('\n---\n');
  const res = await s.json<{ results?: { name: string; id: string }[]; error?: string }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.results!.map((r) => [r.name, r.id]));
}

/** A Playbook document with these spec fields. */
export function playbookDoc(name: string, spec: Record<string, unknown>): object {
  return { apiVersion: 'mission-control.flanksource.com/v1', kind: 'Playbook', metadata: { name }, spec };
}

/** POST /api/playbook/run as `as`. */
export function startRun(s: TestServer, body: Record<string, unknown>, as: TestUser | null = 'admin') {
  return s.json<{ run_id: string; starts_at: string; error?: string; message?: string }>('/api/playbook/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });
}

/** POST /api/playbook/run/{id}/{verb} as `as`. */
export function runCall(s: TestServer, runId: string, verb: 'cancel' | 'approve' | 'rerun', as: TestUser | null = 'admin') {
  return s.json<{ run_id?: string; message?: string }>(`/api/playbook/run/${runId}/${verb}`, { method: 'POST', as });
}

export interface RunState {
  id: string;
  status: string;
  error: string | null;
  start_time: Date | null;
  end_time: Date | null;
  parent_id: string | null;
  trigger: string;
  parameters: Record<string, unknown>;
  claimed_by: string | null;
  actions: {
    name: string;
    position: number;
    attempt: number;
    status: string;
    error: string | null;
    result: Record<string, unknown> | null;
    start_time: Date | null;
    end_time: Date | null;
    scheduled_time: Date;
  }[];
}

/** The run and its attempts now. */
export async function runState(s: TestServer, runId: string): Promise<RunState> {
  const db = s.ctx.db.kysely;
  const run = (await sql<RunState>`SELECT * FROM playbook_runs WHERE id = ${runId}`.execute(db)).rows[0]!;
  const actions = (
    await sql<RunState['actions'][number]>`
      SELECT name, position, attempt, status, error, result, start_time, end_time, scheduled_time FROM playbook_run_actions
      WHERE playbook_run_id = ${runId} ORDER BY position, attempt`.execute(db)
  ).rows;
  return { ...run, actions };
}

/** Wait until the run is in one of `statuses` (default: any final one); fails after `ms`. */
export async function waitForRun(
  s: TestServer,
  runId: string,
  ms = 20_000,
  statuses = ['completed', 'failed', 'cancelled', 'timed_out'],
): Promise<RunState> {
  const deadline = Date.now() + ms;
  for (;;) {
    const state = await runState(s, runId);
    if (statuses.includes(state.status)) return state;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${state.status} after ${ms} ms: ${JSON.stringify(state.actions)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Action name → status of the last attempt of each. */
export function statusesOf(state: RunState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of state.actions) out[a.name] = a.status;
  return out;
}
