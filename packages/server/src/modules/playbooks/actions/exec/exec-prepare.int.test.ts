// What an exec action prepares before its script: a git checkout it starts inside, AWS credentials as
// variables and a kubeconfig as a file, from stored connections; also for a script with its own #! line.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { createTestConnection, testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

let s: TestServer;
const dir = mkdtempSync(path.join(tmpdir(), 'ops-exec-prepare-'));
const bare = path.join(dir, 'scripts.git');
const KUBECONFIG = 'apiVersion: v1\nkind: Config\nclusters: []\n';

beforeAll(async () => {
  const seed = path.join(dir, 'seed');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        GIT_AUTHOR_NAME: 's',
        GIT_AUTHOR_EMAIL: 's@x',
        GIT_COMMITTER_NAME: 's',
        GIT_COMMITTER_EMAIL: 's@x',
      },
    });
  git('init', '--quiet', '--bare', '--initial-branch=main', bare);
  git('init', '--quiet', '--initial-branch=main', seed);
  writeFileSync(path.join(seed, 'hello.sh'), 'echo "hello from the checkout"\n');
  git('-C', seed, 'add', '-A');
  git('-C', seed, 'commit', '--quiet', '-m', 'seed');
  git('-C', seed, 'push', '--quiet', bare, 'main');
  chmodSync(dir, 0o755);
  execFileSync('chmod', ['-R', 'a+rX', bare]);
  s = await startTestServer({ OPS_JOBS: 'false' });
  await createTestConnection(s, {
    name: 'aws-main',
    type: 'aws',
    username: 'AKIDEXAMPLE',
    password: 'secret-key',
    properties: { region: 'eu-west-1' },
  });
  await createTestConnection(s, { name: 'kube', type: 'kubernetes', certificate: KUBECONFIG });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('exec action preparation', () => {
  it('clones the checkout and starts the script inside it, without the git credentials in its env', async () => {
    const out = await runAction(
      { exec: { script: 'sh hello.sh; basename "$PWD"; echo "user=${GIT_USER:-unset}"', checkout: { url: bare, destination: 'src' } } },
      testActionContext(s),
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { stdout: 'hello from the checkout\nsrc\nuser=unset\n' } });
  });

  it("fails with git's reason when the checkout cannot be cloned", async () => {
    const out = await runAction({ exec: { script: 'echo never', checkout: { url: path.join(dir, 'missing.git') } } }, testActionContext(s));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/missing\.git/);
    expect(out.result.stdout).toBe('');
  });

  it('hands AWS credentials and a kubeconfig file from connections to the script', async () => {
    const out = await runAction(
      {
        exec: {
          script: 'echo "$AWS_ACCESS_KEY_ID $AWS_SECRET_ACCESS_KEY $AWS_REGION"; cat "$KUBECONFIG"; echo "raw=${OPS_KUBECONFIG:-unset}"',
          connections: { aws: { connection: 'connection://default/aws-main' }, kubernetes: { connection: 'kube' } },
        },
      },
      testActionContext(s),
    );
    expect(out, out.error).toMatchObject({
      status: 'completed',
      result: { stdout: `AKIDEXAMPLE secret-key eu-west-1\n${KUBECONFIG}raw=unset\n` },
    });
  });

  it('runs a #! script after the preparation with its own interpreter', async () => {
    const out = await runAction(
      { exec: { script: '#!/bin/sh\necho "$0" | grep -q ops-script && cat hello.sh', checkout: { url: bare } } },
      testActionContext(s),
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { stdout: 'echo "hello from the checkout"\n' } });
  });

  it('names a connection that does not exist or a destination outside the working directory', async () => {
    const missing = await runAction({ exec: { script: 'true', connections: { aws: { connection: 'nope' } } } }, testActionContext(s));
    expect(missing.error).toBe('exec.connections.aws.connection: connection nope was not found');
    const outside = await runAction({ exec: { script: 'true', checkout: { url: bare, destination: '../x' } } }, testActionContext(s));
    expect(outside.error).toBe('exec.checkout.destination: must be a folder relative to the working directory');
  });
});
