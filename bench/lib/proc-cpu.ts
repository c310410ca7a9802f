import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

function stat(pid: number): string[] | undefined {
  try {
    // Fields after the command name, which may itself hold spaces and parentheses.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used (user + system), with its reaped children's when asked. */
export function cpuSeconds(pid: number, withReapedChildren = false): number {
  const f = stat(pid);
  if (!f) return 0;
  const own = Number(f[11]) + Number(f[12]);
  const reaped = withReapedChildren ? Number(f[13]) + Number(f[14]) : 0;
  return (own + reaped) / TICKS;
}

/**
 * CPU seconds of a process and its live children, plus children already reaped: for PostgreSQL,
 * the postmaster and every backend, including connections that closed during the measurement.
 */
export function treeCpuSeconds(rootPid: number): number {
  let total = cpuSeconds(rootPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = stat(Number(entry));
    if (f && Number(f[1]) === rootPid) total += cpuSeconds(Number(entry), true);
  }
  return total;
}

/** A child process's CPU seconds so far and its role (from its title). */
export interface ChildCpu {
  role: string;
  seconds: number;
}

/**
 * The live children of a process by pid, each with its CPU seconds and role read from its title
 * (PostgreSQL sets "postgres: walwriter", "postgres: user db host(port) idle"…).
 */
export function childrenCpu(rootPid: number, role: (title: string) => string): Map<number, ChildCpu> {
  const out = new Map<number, ChildCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const f = stat(pid);
    if (!f || Number(f[1]) !== rootPid) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      out.set(pid, { role: role(title), seconds: cpuSeconds(pid, true) });
    } catch {
      // exited meanwhile: counted with the reaped children
    }
  }
  return out;
}

/**
 * CPU seconds between two samples of `childrenCpu`, by role: live processes by their own time since the
 * first sample (or since they started); the process itself and the children that exited in between
 * (short-lived connections, autovacuum workers) under "postmaster + exited".
 */
export function cpuByRole(
  rootPid: number,
  before: { root: number; children: Map<number, ChildCpu> },
  after: Map<number, ChildCpu>,
): Map<string, number> {
  const out = new Map<string, number>();
  let live = 0;
  for (const [pid, c] of after) {
    const d = c.seconds - (before.children.get(pid)?.seconds ?? 0);
    live += d;
    out.set(c.role, (out.get(c.role) ?? 0) + d);
  }
  // The tree's growth minus what live processes account for is what the postmaster and exited ones used.
  const treeBefore = before.root + [...before.children.values()].reduce((s, c) => s + c.seconds, 0);
  const treeAfter = treeCpuSeconds(rootPid);
  out.set('postmaster + exited', treeAfter - treeBefore - live);
  return out;
}
