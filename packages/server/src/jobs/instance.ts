// The identity of this server process. Leases (claimed_by) and RUNNING job_history rows carry it, so a
// later start on this host, or another replica once the heartbeat is stale, can tell that their owner died.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface InstanceIdentity {
  /** `<host>:<pid>:<random>`; owners derived from it start with it (see `ownerId`). */
  id: string;
  hostname: string;
  pid: number;
  /** The kernel's start time of the process (Linux), undefined elsewhere. */
  processStart: string | undefined;
}

/**
 * When the kernel started process `pid` (field 22 of /proc/<pid>/stat, clock ticks since boot): with the
 * pid it names one process, whereas a pid alone may have been recycled. Undefined without /proc.
 */
export function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** This process. */
export const INSTANCE: InstanceIdentity = {
  id: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  hostname: hostname(),
  pid: process.pid,
  processStart: processStartOf(process.pid),
};

/** An owner name for a lease of this process; recovery releases every lease whose owner starts with the instance id. */
export function ownerId(suffix: string): string {
  return `${INSTANCE.id}:${suffix}`;
}

/**
 * Whether a process of this host is still the one that registered: its pid is alive and, where the kernel
 * says, was started at the same time (a pid reused after a restart, e.g. in a container, is not it).
 */
export function aliveOnThisHost(pid: number, processStart: string | null | undefined): boolean {
  if (pid === process.pid) return !processStart || processStart === INSTANCE.processStart;
  const now = processStartOf(pid);
  if (now !== undefined || processStart) return now !== undefined && (!processStart || now === processStart);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
