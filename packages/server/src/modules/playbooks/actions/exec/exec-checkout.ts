// `exec.checkout`: a git repository cloned into the run's working directory before the script, which
// then starts inside it. The clone runs in the same sandboxed shell as the script (a prelude), with the
// credentials handed to git's helper through variables that are unset before the script begins.
import path from 'node:path';
import { z } from 'zod';
import { envValueSchema } from '../action-env.js';
import { ActionError } from '../action-failure.js';
import type { ActionContext } from '../types.js';
import { checkBranch, GIT_ENV, gitRemoteOf } from '../gitops/git-remote.js';

const credential = z.union([z.string(), envValueSchema]).optional();

export const execCheckoutSchema = z.object({
  url: z.string().optional(),
  connection: z.string().optional(),
  username: credential,
  password: credential,
  branch: z.string().optional(),
  destination: z.string().optional(),
});
export type ExecCheckout = z.infer<typeof execCheckoutSchema>;

const PRELUDE = `git config --global safe.directory '*'
git clone --quiet --depth 1 \${OPS_CHECKOUT_BRANCH:+--branch "$OPS_CHECKOUT_BRANCH"} -- "$OPS_CHECKOUT_URL" "$HOME/$OPS_CHECKOUT_DIR" || exit 1
cd "$HOME/$OPS_CHECKOUT_DIR" || exit 1
unset GIT_USER GIT_PASS GIT_CONFIG_COUNT GIT_CONFIG_KEY_0 GIT_CONFIG_VALUE_0 GIT_CONFIG_KEY_1 GIT_CONFIG_VALUE_1 OPS_CHECKOUT_URL OPS_CHECKOUT_BRANCH OPS_CHECKOUT_DIR
`;

/** The variables and prelude that clone the repository; an ActionError names a bad field. */
export async function execCheckout(spec: ExecCheckout, actx: ActionContext): Promise<{ env: Record<string, string>; prelude: string }> {
  const remote = await gitRemoteOf(spec, actx, 'exec.checkout');
  const destination = spec.destination ? actx.render(spec.destination).trim() : 'checkout';
  const normal = path.posix.normalize(destination);
  if (!destination || path.posix.isAbsolute(destination) || normal.startsWith('..') || normal === '.')
    throw new ActionError('exec.checkout.destination: must be a folder relative to the working directory');
  const branch = spec.branch ? checkBranch(actx.render(spec.branch).trim(), 'exec.checkout.branch') : '';
  return {
    env: {
      ...GIT_ENV,
      GIT_USER: remote.username,
      GIT_PASS: remote.password,
      OPS_CHECKOUT_URL: remote.url,
      OPS_CHECKOUT_DIR: normal,
      ...(branch ? { OPS_CHECKOUT_BRANCH: branch } : {}),
    },
    prelude: PRELUDE,
  };
}
