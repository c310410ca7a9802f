import { describe, expect, it } from 'vitest';
import { createStaticSecretResolver } from '../../values/secrets.js';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';

describe('exec check', () => {
  it('passes on exit code 0 and exposes trimmed stdout, stderr and exitCode as results', async () => {
    const r = await runEntry('exec', { script: 'echo "  hello  "; echo oops >&2' });
    expect(r).toMatchObject({ pass: true, invalid: false });
    expect(r.detail).toEqual({ stdout: 'hello', stderr: 'oops', exitCode: 0 });
    expect(r.data.results).toEqual(r.detail);
  });

  it('fails on a non-zero exit code with stderr (or the code) as the reason', async () => {
    expect(await runEntry('exec', { script: 'echo broken >&2; exit 3' })).toMatchObject({ pass: false, error: 'broken' });
    expect(await runEntry('exec', { script: 'exit 4' })).toMatchObject({ pass: false, error: 'exit code 4' });
  });

  it('lets a test replace the default exit-code test', async () => {
    expect(await runEntry('exec', { script: 'exit 1', test: { expr: 'results.exitCode == 1' } })).toMatchObject({ pass: true });
    const r = await runEntry('exec', { script: 'echo "hi there"', test: { expr: 'results.stdout == "hello"' } });
    expect(r).toMatchObject({ pass: false, error: 'hi there' });
  });

  it('passes env values (static and from secrets) but not the server environment', async () => {
    process.env.OPS_LEAK_PROBE = 'server-secret';
    const secrets = createStaticSecretResolver({ secrets: { 'default/db': { password: 's3cret' } } });
    const r = await runEntry(
      'exec',
      {
        script: 'echo "$A $B ${OPS_LEAK_PROBE:-none}"',
        env: [
          { name: 'A', value: 'one' },
          { name: 'B', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        ],
      },
      { secrets },
    );
    delete process.env.OPS_LEAK_PROBE;
    expect((r.detail as { stdout: string }).stdout).toBe('one s3cret none');
  });

  it('is invalid when a secret cannot be resolved, naming it', async () => {
    const r = await runEntry(
      'exec',
      { script: 'true', env: [{ name: 'B', valueFrom: { secretKeyRef: { name: 'db', key: 'nope' } } }] },
      { secrets: createStaticSecretResolver({}) },
    );
    expect(r).toMatchObject({ pass: false, invalid: true, error: 'env[0].valueFrom.secretKeyRef: secret "default/db" has no key "nope"' });
  });

  it('stops a script at the timeout and reports it', async () => {
    const started = Date.now();
    const r = await runEntry('exec', { script: 'sleep 5; echo late' }, { timeoutMs: 300 });
    expect(r).toMatchObject({ pass: false, error: 'check timed out after 300ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops when the caller aborts', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const r = await runEntry('exec', { script: 'sleep 5' }, { signal: ac.signal });
    expect(r).toMatchObject({ pass: false, error: 'check run was cancelled' });
  });

  it('collects artifacts: globs relative to the script directory and /dev/stdout', async () => {
    const r = await runEntry('exec', {
      script: 'mkdir out && echo one > out/a.txt && echo two > out/b.txt && echo skip > out/c.log && echo printed',
      artifacts: [{ path: 'out/*.txt' }, { path: '/dev/stdout' }, { path: 'missing/file' }],
    });
    expect(r.pass).toBe(true);
    expect(r.artifacts.map((a) => [a.path.replace(/.*\/(out\/)/, '$1'), a.content.toString()])).toEqual([
      ['out/a.txt', 'one\n'],
      ['out/b.txt', 'two\n'],
      ['/dev/stdout', 'printed\n'],
    ]);
  });

  it('runs a script with its own #! interpreter', async () => {
    const r = await runEntry('exec', { script: '#!/bin/sh\necho "$0" | grep -q script && echo via-shebang' });
    expect((r.detail as { stdout: string }).stdout).toBe('via-shebang');
  });
});
