// gitops: clones a repository (a local path or an http(s) URL, with a connection's or the action's
// credentials) at `base`, moves to `branch`, applies patches and files, commits as the given author and
// pushes the branch. Git runs as the unprivileged exec user. Result {commit, branch, files}.
import path from 'node:path';
import { z } from 'zod';
import { envValueSchema } from '../action-env.js';
import { ActionError, parseBlock } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';
import { checkBranch, gitRemoteOf, type GitRemote } from './git-remote.js';
import { withGitWorkspace } from './git-workspace.js';
import { applyChanges, type GitopsFile, type GitopsPatch } from './gitops-patches.js';

const text = z.string({ error: 'must be text' });
const gitopsSchema = z.object({
  repo: z.object({
    url: text.optional(),
    connection: text.optional(),
    base: text.optional(),
    branch: text.optional(),
    username: z.union([text, envValueSchema]).optional(),
    password: z.union([text, envValueSchema]).optional(),
  }),
  commit: z.object({ author: text.optional(), email: text.optional(), message: text.optional() }).optional(),
  patches: z
    .array(
      z.object({
        path: text.min(1, 'is required'),
        jq: text.optional(),
        yq: text.optional(),
        patch: text.optional(),
        merge: z.unknown().optional(),
        content: text.optional(),
      }),
    )
    .optional(),
  files: z.array(z.object({ path: text.min(1, 'is required'), content: text.optional(), delete: z.boolean().optional() })).optional(),
  pr: z.unknown().optional(),
});
type GitopsSpec = z.infer<typeof gitopsSchema>;

/** Who commits when the action names nobody. */
export const DEFAULT_AUTHOR = { name: 'Ops Console', email: 'ops-console@localhost' };

const CLONE = `set -e
cd "$OPS_WORKSPACE"
git clone --quiet --no-tags --single-branch --branch "$GIT_BASE" -- "$GIT_URL" repo
cd repo
if [ "$GIT_BRANCH" != "$GIT_BASE" ]; then
  if git ls-remote --exit-code --heads origin "$GIT_BRANCH" >/dev/null 2>&1; then
    git fetch --quiet origin "refs/heads/$GIT_BRANCH:refs/remotes/origin/$GIT_BRANCH"
    git checkout --quiet -B "$GIT_BRANCH" "origin/$GIT_BRANCH"
  else
    git checkout --quiet -b "$GIT_BRANCH"
  fi
fi`;

const COMMIT = `set -e
cd "$OPS_WORKSPACE/repo"
git add -A
if git diff --cached --quiet; then echo "nochange $(git rev-parse HEAD)"; exit 0; fi
git -c user.name="$GIT_AUTHOR" -c user.email="$GIT_EMAIL" commit --quiet --no-verify -m "$GIT_MESSAGE"
git push --quiet origin "HEAD:refs/heads/$GIT_BRANCH"
echo "commit $(git rev-parse HEAD)"`;

/** Clones, changes, commits and pushes; see the file comment. */
export const gitopsAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(gitopsSchema, block, 'gitops');
  const repo = await repoOf(spec, actx);
  const patches: GitopsPatch[] = (spec.patches ?? []).map((p) => ({
    path: actx.render(p.path),
    ...(p.jq !== undefined ? { jq: actx.render(p.jq) } : {}),
    ...(p.yq !== undefined ? { yq: actx.render(p.yq) } : {}),
    ...(p.merge !== undefined ? { merge: typeof p.merge === 'string' ? actx.render(p.merge) : p.merge } : {}),
    // `patch` is a merge patch written as YAML or JSON text.
    ...(p.patch !== undefined ? { merge: actx.render(p.patch) } : {}),
    ...(p.content !== undefined ? { content: actx.render(p.content) } : {}),
  }));
  const files: GitopsFile[] = (spec.files ?? []).map((f) => ({
    path: actx.render(f.path),
    ...(f.content !== undefined ? { content: actx.render(f.content) } : {}),
    ...(f.delete !== undefined ? { delete: f.delete } : {}),
  }));
  const c = spec.commit ?? {};
  const commit = {
    GIT_AUTHOR: c.author ? actx.render(c.author) : DEFAULT_AUTHOR.name,
    GIT_EMAIL: c.email ? actx.render(c.email) : DEFAULT_AUTHOR.email,
    GIT_MESSAGE: c.message ? actx.render(c.message) : `Playbook run ${actx.runId}`,
  };
  if (!commit.GIT_MESSAGE.trim()) throw new ActionError('gitops.commit.message: renders to nothing');
  return withGitWorkspace(actx.signal, async (ws) => {
    const env = { GIT_URL: repo.url, GIT_USER: repo.username, GIT_PASS: repo.password, GIT_BASE: repo.base, GIT_BRANCH: repo.branch };
    await ws.run(`clone of ${repo.url} at ${repo.base}`, CLONE, env);
    const changed = await applyChanges(path.join(ws.dir, 'repo'), patches, files, ws.user);
    const out = (await ws.run(`commit and push to ${repo.branch}`, COMMIT, { ...env, ...commit })).trim().split(/\s+/);
    const result: Record<string, unknown> = {
      commit: out[1] ?? '',
      branch: repo.branch,
      base: repo.base,
      files: changed,
      changed: out[0] === 'commit',
    };
    // Opening a pull request needs the forge's API (GitHub, GitLab, Azure DevOps): say plainly it was not done.
    if (spec.pr) result.pr = { created: false, reason: 'pull requests are not opened by this server; the branch was pushed' };
    return { status: 'completed', result };
  });
};

interface Repo extends GitRemote {
  base: string;
  branch: string;
}

async function repoOf(spec: GitopsSpec, actx: ActionContext): Promise<Repo> {
  const remote = await gitRemoteOf(spec.repo, actx, 'gitops.repo');
  const base = checkBranch(spec.repo.base ? actx.render(spec.repo.base).trim() : 'main', 'gitops.repo.base');
  const branch = checkBranch(spec.repo.branch ? actx.render(spec.repo.branch).trim() : base, 'gitops.repo.branch');
  return { ...remote, base, branch };
}
