// The gitops action against a bare repository on disk: clone at base, patch (yq, jq, merge), create and
// delete files, commit as the author given and push a new branch; then the commit is read back from the
// bare repository. Git runs as the unprivileged exec user, so the repository is made writable for it.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

let s: TestServer;
const dir = mkdtempSync(path.join(tmpdir(), 'ops-gitops-'));
const bare = path.join(dir, 'repo.git');
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      GIT_AUTHOR_NAME: 'seed',
      GIT_AUTHOR_EMAIL: 'seed@x',
      GIT_COMMITTER_NAME: 'seed',
      GIT_COMMITTER_EMAIL: 'seed@x',
    },
  });
const show = (ref: string, file: string) => git('--git-dir', bare, 'show', `${ref}:${file}`);

beforeAll(async () => {
  const seed = path.join(dir, 'seed');
  git('init', '--quiet', '--bare', '--initial-branch=main', bare);
  git('init', '--quiet', '--initial-branch=main', seed);
  writeFileSync(path.join(seed, 'deploy.yaml'), 'spec:\n  replicas: 1\n  image: app:1.0\n');
  writeFileSync(path.join(seed, 'settings.json'), JSON.stringify({ debug: false, level: 'info' }, null, 2) + '\n');
  writeFileSync(path.join(seed, 'old.txt'), 'remove me\n');
  git('-C', seed, 'add', '-A');
  git('-C', seed, 'commit', '--quiet', '-m', 'seed');
  git('-C', seed, 'push', '--quiet', bare, 'main');
  // The exec user pushes into it.
  chmodSync(dir, 0o755);
  execFileSync('chmod', ['-R', 'a+rwX', bare]);
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('gitops action', () => {
  it('clones, patches, commits and pushes a new branch', async () => {
    const actx = testActionContext(s, { params: { replicas: 3, branch: 'scale-up' }, user: { name: 'Jane', email: 'jane@test.local' } });
    const out = await runAction(
      {
        gitops: {
          repo: { url: bare, base: 'main', branch: '{{.params.branch}}' },
          commit: { author: '{{.user.name}}', email: '{{.user.email}}', message: 'Scale to {{.params.replicas}}' },
          patches: [
            { path: 'deploy.yaml', yq: '.spec.replicas = {{.params.replicas}}' },
            { path: 'settings.json', jq: '.debug = true' },
            { path: 'deploy.yaml', merge: { spec: { image: 'app:2.0' } } },
          ],
          files: [
            { path: 'notes/{{.params.branch}}.md', content: 'scaled by {{.user.name}}\n' },
            { path: 'old.txt', content: '$delete' },
          ],
        },
      },
      actx,
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { branch: 'scale-up', base: 'main', changed: true } });
    expect(out.result.files).toEqual(['deploy.yaml', 'settings.json', 'deploy.yaml', 'notes/scale-up.md', 'old.txt']);
    const head = git('--git-dir', bare, 'rev-parse', 'refs/heads/scale-up').trim();
    expect(out.result.commit).toBe(head);
    expect(git('--git-dir', bare, 'log', '-1', '--format=%an|%ae|%s', 'scale-up').trim()).toBe('Jane|jane@test.local|Scale to 3');
    expect(show('scale-up', 'deploy.yaml')).toBe('spec:\n  replicas: 3\n  image: app:2.0\n');
    expect(JSON.parse(show('scale-up', 'settings.json'))).toEqual({ debug: true, level: 'info' });
    expect(show('scale-up', 'notes/scale-up.md')).toBe('scaled by Jane\n');
    expect(git('--git-dir', bare, 'ls-tree', '--name-only', 'scale-up')).not.toContain('old.txt');
    // main is untouched.
    expect(show('main', 'deploy.yaml')).toContain('replicas: 1');
  });

  it('adds to an existing branch, and reports no change when there is nothing to commit', async () => {
    const actx = testActionContext(s);
    const more = await runAction(
      { gitops: { repo: { url: bare, branch: 'scale-up' }, files: [{ path: 'second.txt', content: 'two' }] } },
      actx,
    );
    expect(more, more.error).toMatchObject({ status: 'completed', result: { changed: true } });
    expect(git('--git-dir', bare, 'log', '--format=%s', 'scale-up').trim().split('\n')).toEqual([
      `Playbook run ${actx.runId}`,
      'Scale to 3',
      'seed',
    ]);
    const same = await runAction(
      { gitops: { repo: { url: bare, branch: 'scale-up' }, files: [{ path: 'second.txt', content: 'two' }] } },
      actx,
    );
    expect(same).toMatchObject({ status: 'completed', result: { changed: false, commit: more.result.commit } });
  });

  it('fails naming the cause: a missing base, a path outside the repository, a bad expression', async () => {
    const actx = testActionContext(s);
    const noBase = await runAction(
      { gitops: { repo: { url: bare, base: 'nope', branch: 'x' }, files: [{ path: 'a', content: 'b' }] } },
      actx,
    );
    expect(noBase.status).toBe('failed');
    expect(noBase.error).toMatch(/^gitops: clone of .*repo\.git at nope failed: .*nope/s);
    const escape = await runAction(
      { gitops: { repo: { url: bare, branch: 'x' }, files: [{ path: '../../etc/passwd', content: 'b' }] } },
      actx,
    );
    expect(escape.error).toBe("gitops.files[0].path: ../../etc/passwd is outside the repository's files");
    const badJq = await runAction(
      { gitops: { repo: { url: bare, branch: 'x' }, patches: [{ path: 'settings.json', jq: '.a |||' }] } },
      actx,
    );
    expect(badJq.error).toMatch(/^gitops\.patches\[0\]\.jq: /);
    expect(git('--git-dir', bare, 'branch', '--list', 'x').trim()).toBe('');
  });
});
