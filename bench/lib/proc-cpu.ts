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
