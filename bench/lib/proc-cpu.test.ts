import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuSeconds, treeCpuSeconds } from './proc-cpu.js';

// A fixed amount of work (~30 ms of CPU here): wall-clock waits would fail on a busy machine.
const WORK = 'let x = 0; for (let i = 0; i < 1e7; i++) x += Math.sqrt(i); globalThis.sink = x;';

describe('CPU time from /proc', () => {
  it('grows while this process computes', () => {
    const before = cpuSeconds(process.pid);
    new Function(WORK)();
    expect(cpuSeconds(process.pid) - before).toBeGreaterThanOrEqual(0.01);
  });

  it('counts the live children of a process tree, and 0 for a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', `${WORK} console.log('done'); setTimeout(() => {}, 10000)`]);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    expect(treeCpuSeconds(process.pid) - cpuSeconds(process.pid, true)).toBeGreaterThanOrEqual(0.01);
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    expect(cpuSeconds(child.pid ?? 0)).toBe(0);
  }, 30_000);
});
