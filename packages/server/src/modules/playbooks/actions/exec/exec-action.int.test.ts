// The exec action through the execution boundary on a real server context: output and exit code, the
// playbook's and the action's env (rendered, from secrets), artifacts, the content-type envelope, and an
// abort that kills the script at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { runAction } from '../index.js';
import { testActionContext } from '../actions-test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('exec action', () => {
  it('renders the script and returns stdout, stderr and the exit code', async () => {
    const actx = testActionContext(s, { params: { name: 'world' } });
    const out = await runAction({ name: 'echo', exec: { script: 'echo "hello {{.params.name}}"; echo warn >&2' } }, actx);
    expect(out).toMatchObject({ status: 'completed', result: { stdout: 'hello world\n', stderr: 'warn\n', exitCode: 0 } });
  });

  it('fails on a non-zero exit with the end of stderr, or the exit status', async () => {
    const actx = testActionContext(s);
    expect(await runAction({ exec: { script: 'echo broken >&2; exit 3' } }, actx)).toMatchObject({
      status: 'failed',
      error: 'broken',
      result: { exitCode: 3 },
    });
    expect(await runAction({ exec: { script: 'exit 4' } }, actx)).toMatchObject({ status: 'failed', error: 'exit status 4' });
    const missing = await runAction({ exec: { script: 'my-perfect-command start' } }, actx);
    expect(missing.status).toBe('failed');
    expect(missing.error).toMatch(/my-perfect-command: command not found/);
  });

  it('passes the playbook env and the action env (rendered and from secrets), nothing of the server', async () => {
    process.env.OPS_LEAK_PROBE = 'server-secret';
    process.env.OPS_SECRET_DB_PASSWORD = 's3cret';
    const actx = testActionContext(s, { env: { PLAYBOOK_VAR: 'pb' }, params: { who: 'me' } });
    const out = await runAction(
      {
        exec: {
          script: 'echo "$PLAYBOOK_VAR $A $B ${OPS_LEAK_PROBE:-none}"',
          env: [
            { name: 'A', value: 'for {{.params.who}}' },
            { name: 'B', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
          ],
        },
      },
      actx,
    );
    delete process.env.OPS_LEAK_PROBE;
    delete process.env.OPS_SECRET_DB_PASSWORD;
    expect(out.result.stdout).toBe('pb for me s3cret none\n');
  });

  it('fails naming the entry when a secret key is missing', async () => {
    const out = await runAction(
      { exec: { script: 'true', env: [{ name: 'B', valueFrom: { secretKeyRef: { name: 'db', key: 'nope' } } }] } },
      testActionContext(s),
    );
    expect(out).toMatchObject({ status: 'failed', error: 'exec.env[0].valueFrom: secret "default/db" has no key "nope"' });
  });

  it('runs as the unprivileged exec user when the server is root', async () => {
    const out = await runAction({ exec: { script: 'id -u; pwd' } }, testActionContext(s));
    const [uid, cwd] = String(out.result.stdout).trim().split('\n');
    if (process.getuid?.() === 0) expect(Number(uid)).not.toBe(0);
    expect(cwd).toMatch(/ops-run-/);
  });

  it('keeps artifacts: files from the working directory and the captured stdout', async () => {
    const out = await runAction(
      {
        exec: {
          script: 'mkdir out && printf one > out/a.json && echo "hello world"',
          artifacts: [{ path: 'out/*.json' }, { path: '/dev/stdout' }, { path: 'nothing/here' }],
        },
      },
      testActionContext(s),
    );
    expect(out.status).toBe('completed');
    expect(out.artifacts?.map((a) => [a.path, a.filename, a.contentType, a.content.toString()])).toEqual([
      ['out/a.json', 'a.json', 'application/json', 'one'],
      ['/dev/stdout', 'stdout', 'text/plain', 'hello world\n'],
    ]);
  });

  it('stops the script when the signal aborts and reports the reason', async () => {
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort('action timed out after 200ms'), 200);
    const out = await runAction({ exec: { script: 'sleep 10; echo late' } }, testActionContext(s, {}, ac.signal));
    expect(out).toMatchObject({ status: 'failed', error: 'action timed out after 200ms' });
    expect(out.result.stdout).toBe('');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('follows the content-type cases of action-content-type.yaml', async () => {
    const actx = testActionContext(s);
    const envelope = await runAction({ exec: { script: `echo '{"content": "# My Report", "contentType": "text/markdown"}'` } }, actx);
    expect(envelope.result).toMatchObject({ content: '# My Report', contentType: 'text/markdown' });
    const bySpec = await runAction({ contentType: 'application/json', exec: { script: `echo '{"key": "value"}'` } }, actx);
    expect(bySpec.result.contentType).toBe('application/json');
    expect(bySpec.result.content).toBeUndefined();
    const plain = await runAction({ exec: { script: 'echo "hello world"' } }, actx);
    expect(plain.result).not.toHaveProperty('contentType');
    const overridden = await runAction(
      { contentType: 'text/plain', exec: { script: `echo '{"content": "overridden", "contentType": "text/markdown"}'` } },
      actx,
    );
    expect(overridden.result).toMatchObject({ content: 'overridden', contentType: 'text/plain' });
  });

  it('refuses a block without a script, naming the field', async () => {
    expect(await runAction({ exec: { script: '' } }, testActionContext(s))).toMatchObject({
      status: 'failed',
      error: 'exec.script: is required',
    });
    expect(await runAction({ name: 'two', exec: { script: 'true' }, http: { url: 'http://x' } }, testActionContext(s))).toMatchObject({
      status: 'failed',
      error: 'action two: sets exec and http; an action has exactly one type',
    });
  });
});
