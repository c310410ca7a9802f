// Helpers of the health integration tests: fixtures of the conformance set, YAML canaries, and waiting.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/pool.js';

/** What the helpers need of a test server (structural, so this file stays out of src/test). */
export interface HealthTestServer {
  json<T = unknown>(
    path: string,
    init?: RequestInit & { as?: 'admin' | 'editor' | 'viewer' | null },
  ): Promise<{ status: number; headers: Headers; body: T }>;
  ctx: { db: Db };
}

/** The canary-checker conformance fixtures (data; never copied into the repository). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/conformance/canary-checker/fixtures/minimal');

/** Text of a conformance fixture. */
export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** A Canary document with one exec check per entry of `scripts` (name → script). */
export function execCanary(name: string, schedule: string, scripts: Record<string, string>, namespace = 'default'): string {
  const checks = Object.entries(scripts)
    .map(([n, script]) => `    - name: ${n}\n      script: ${JSON.stringify(script)}\n`)
    .join('');
  return `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\nspec:\n  schedule: "${schedule}"\n  exec:\n${checks}`;
}

/** POST /api/resources/apply with YAML as `as` (admin by default). */
export async function apply(s: HealthTestServer, yaml: string, as: 'admin' | 'viewer' | 'editor' = 'admin') {
  return s.json<{ results?: Array<{ id: string; action: string; name: string }>; message?: string }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
    as,
  });
}

/** Poll `probe` until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(probe: () => Promise<T>, timeoutMs = 15_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The live checks of a canary by name. */
export async function checksOf(s: HealthTestServer, canaryId: string) {
  return s.ctx.db.kysely
    .selectFrom('checks')
    .selectAll()
    .where('canary_id', '=', canaryId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
}
