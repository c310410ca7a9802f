// Runs every check of a canary: independent checks concurrently (bounded), a check with dependsOn
// after its dependencies, with the data of passing dependencies available as `outputs.<name>`.
import { orderByDependencies } from '../canary/check-entries.js';
import type { CheckResult, EngineCheck, ParsedCanary, RunOptions } from '../types.js';
import { runCheck } from './run-check.js';

/** Checks of one canary probed at the same time unless the caller says otherwise. */
export const DEFAULT_CANARY_CONCURRENCY = 4;

/** Runs all checks; results come back in the canary's check order. */
export async function runCanary(canary: ParsedCanary, options: RunOptions & { concurrency?: number } = {}): Promise<CheckResult[]> {
  const slots = limiter(options.concurrency ?? DEFAULT_CANARY_CONCURRENCY);
  const outputs: Record<string, Record<string, unknown>> = { ...(options.outputs ?? {}) };
  const byName = new Map(canary.checks.map((c) => [c.name, c]));
  const running = new Map<EngineCheck, Promise<CheckResult>>();
  for (const check of orderByDependencies(canary.checks)) {
    const deps = check.dependsOn.map((d) => running.get(byName.get(d)!)).filter((p): p is Promise<CheckResult> => !!p);
    running.set(
      check,
      Promise.all(deps).then(() =>
        slots(async () => {
          const result = await runCheck(check, { ...options, outputs: { ...outputs } });
          if (result.pass) outputs[check.name] = result.data;
          return result;
        }),
      ),
    );
  }
  return Promise.all(canary.checks.map((c) => running.get(c)!));
}

/** A tiny semaphore: at most `n` tasks at once. */
function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    if (active >= n) return;
    const go = queue.shift();
    if (go) {
      active++;
      go();
    }
  };
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}
