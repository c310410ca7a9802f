// For the action tests: an ActionContext over a real test server's AppContext, rendering with the shared
// Go template engine as the run engine does, and connections created through the HTTP API.
import { randomUUID } from 'node:crypto';
import { renderTemplate } from '@ops/shared/expr';
import type { AppContext } from '../../../context.js';
import type { ActionContext, ActionTemplateEnv } from './types.js';

/** What the helpers need of a test server (structural, so this file stays out of src/test). */
export interface ActionsTestServer {
  ctx: AppContext;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
}

/** A context whose templates see `data` (plus env, playbook and run defaults). */
export function testActionContext(s: ActionsTestServer, data: Partial<ActionTemplateEnv> = {}, signal?: AbortSignal): ActionContext {
  const runId = randomUUID();
  const env: ActionTemplateEnv = { env: {}, params: {}, playbook: { name: 'test', namespace: 'default' }, run: { id: runId }, ...data };
  return {
    app: s.ctx,
    signal: signal ?? new AbortController().signal,
    env,
    render: (text) => renderTemplate(text, env, { noValue: '' }),
    runId,
    actionId: randomUUID(),
  };
}

/** Creates a connection through POST /api/connections as the admin; throws with the answer when refused. */
export async function createTestConnection(s: ActionsTestServer, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await s.json<{ id: string }>('/api/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ namespace: 'default', ...body }),
  });
  if (res.status !== 201) throw new Error(`creating connection ${String(body.name)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
