// The execution boundary with real processes: whom a script runs as, its environment and working
// directory, and that nothing it started survives a server killed with SIGKILL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUntrusted, type UntrustedRun } from './run-untrusted.js';
import { pidsOf } from '../test/process-list.js';

const asRoot = process.getuid?.() === 0;
const run = (script: string, env: Record<string, string> = {}, signal = AbortSignal.timeout(10_000)) =>
  runUntrusted<UntrustedRun & { existed: boolean }>(
    { script, env, signal, maxOutputBytes: 1 << 20, onOutputLimit: 'truncate' },
    async (r) => ({
      ...r,
      existed: existsSync(r.cwd),
    }),
  );

describe('runUntrusted', () => {
  it('runs as an unprivileged user (when root) in a fresh private directory with only the given env', async () => {
    process.env.OPS_LEAK_PROBE = 'server-secret';
    const r = await run('id -u; pwd; env | sort', { GREETING: 'hello world', LD_PRELOAD: '/nonexistent.so' });
    delete process.env.OPS_LEAK_PROBE;
    const [uid, cwd, ...env] = r.stdout.trim().split('\n');
    if (asRoot) expect(uid).not.toBe('0');
    expect(cwd).toBe(r.cwd);
    expect(r.existed).toBe(true);
    expect(existsSync(r.cwd)).toBe(false);
    expect(env).toContain('GREETING=hello world');
    expect(env).toContain(`HOME=${r.cwd}`);
    expect(env.join('\n')).not.toContain('server-secret');
    expect(r.exitCode).toBe(0);
  });

  it('refuses an env name that is not a variable name', async () => {
    const r = await run('true', { 'A=B': 'x' });
    expect(r).toMatchObject({ stopped: 'not-started', startError: 'env: "A=B" is not a valid variable name' });
  });

  it('leaves no process behind when the server is killed with SIGKILL', async () => {
    const bg = ['sleep', `${300 + Math.floor(Math.random() * 1000)}.25`];
    const fg = ['sleep', `${300 + Math.floor(Math.random() * 1000)}.75`];
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'orphan-probe.fixture.ts'), bg[1]!, fg[1]!], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (b: Buffer) => b.toString().includes('started') && resolve());
      server.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    const grandchildren = [...pidsOf(bg), ...pidsOf(fg)];
    expect(grandchildren).toHaveLength(2);
    server.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    expect(grandchildren.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  }, 20_000);
});
