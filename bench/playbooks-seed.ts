// Seeds and baselines for issue 16's benchmark: the 3-action exec playbook, the same three scripts run
// directly through the sandbox (the engine's baseline), the start latency of queued runs, and a finished run
// whose one action holds a 50 MB log (as the e2e spec of the run page seeds it).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { configureSandbox } from '../packages/server/dist/sandbox/sandbox-config.js';
import { runUntrusted } from '../packages/server/dist/sandbox/run-untrusted.js';

export const SCRIPTS = ['echo a', 'echo b', 'echo c'];

/** The Playbook applied through POST /api/resources/apply: no selectors, so it runs without a resource. */
export function echoPlaybook(name: string): Record<string, unknown> {
  return {
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Playbook',
    metadata: { name, namespace: 'bench' },
    spec: {
      title: 'Bench echo',
      category: 'Bench',
      actions: SCRIPTS.map((script, i) => ({ name: `step-${i + 1}`, exec: { script } })),
    },
  };
}

/**
 * The baseline: `runs` times the three scripts in order through runUntrusted (the engine's one execution
 * boundary, same user and isolation) with `concurrency` runs at once; wall milliseconds.
 */
export async function directRuns(dataDir: string, runs: number, concurrency: number): Promise<number> {
  configureSandbox({ dataDir });
  const signal = new AbortController().signal;
  let next = 0;
  const one = async (): Promise<void> => {
    for (const script of SCRIPTS) {
      const out = await runUntrusted({ script, env: {}, signal, maxOutputBytes: 10 * 1024 * 1024, onOutputLimit: 'truncate' }, (r) =>
        Promise.resolve(r),
      );
      if (out.exitCode !== 0) throw new Error(`direct run of ${script}: exit ${out.exitCode} ${out.stderr || out.startError || ''}`);
    }
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < runs) {
        next++;
        await one();
      }
    }),
  );
  return performance.now() - started;
}

export interface RunTimes {
  created: number;
  start: number;
  end: number;
}

/**
 * Start latency of each run: its start minus the moment a worker slot was free for it. With `concurrency`
 * slots, the i-th run to start (0-based) could start once it was queued and, when i ≥ concurrency, once the
 * (i − concurrency + 1)-th run to end had ended: latency = start − max(created, that end).
 */
export function startLatencies(runs: RunTimes[], concurrency: number): number[] {
  const byStart = [...runs].sort((a, b) => a.start - b.start);
  const ends = runs.map((r) => r.end).sort((a, b) => a - b);
  return byStart.map((r, i) => {
    const freed = i < concurrency ? r.created : Math.max(r.created, ends[i - concurrency]!);
    return r.start - freed;
  });
}

/** 50 MB of log lines like a service's access log. */
export function bigLog(bytes: number): { text: string; lines: number; firstLine: string } {
  const token = randomBytes(3).toString('hex');
  const row = (i: number) => `${String(i).padStart(7, '0')} INFO request served path=/api/items/${i} status=200 in 12ms ${token}\n`;
  const parts: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const line = row(i);
    parts.push(line);
    size += line.length;
  }
  return { text: parts.join(''), lines: parts.length, firstLine: row(1).trim() };
}

/** A completed run of `playbookId` whose one action's result.stdout is `stdout`; returns the run and action ids. */
export async function seedBigRun(pool: pg.Pool, playbookId: string, stdout: string): Promise<{ runId: string; actionId: string }> {
  const run = await pool.query<{ id: string }>(
    `INSERT INTO playbook_runs (playbook_id, status, start_time, end_time) VALUES ($1, 'completed', now() - interval '5 seconds', now()) RETURNING id`,
    [playbookId],
  );
  const runId = run.rows[0]!.id;
  const action = await pool.query<{ id: string }>(
    `INSERT INTO playbook_run_actions (playbook_run_id, name, position, status, start_time, end_time, result)
     VALUES ($1, 'dump', 0, 'completed', now() - interval '5 seconds', now(), jsonb_build_object('stdout', $2::text, 'exitCode', 0))
     RETURNING id`,
    [runId, stdout],
  );
  return { runId, actionId: action.rows[0]!.id };
}
