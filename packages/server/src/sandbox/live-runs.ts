// Every run in flight, so none outlives the server: on exit (including after a shutdown signal) each
// run's process group and PID-namespace init are killed. A SIGKILL of the server is covered by the
// parent-death signals set in isolation.ts.
import { readFileSync } from 'node:fs';

const live = new Set<number>();
let hooked = false;

/** Remember a run's leader pid until it ends; returns the function that forgets it. */
export function trackRun(pid: number): () => void {
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllRuns);
  }
  live.add(pid);
  return () => live.delete(pid);
}

/** Kill every run in flight (server shutdown). */
export function killAllRuns(): void {
  for (const pid of live) killTree(pid);
  live.clear();
}

/**
 * SIGKILL a run's process group and its leader's direct children: the init of its PID namespace stays
 * reachable even if the script moved itself to another process group.
 */
export function killTree(pid: number): void {
  const children = childrenOf(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
  for (const c of children) {
    try {
      process.kill(c, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
