// The repository a gitops action or an exec checkout names: a local path or an http(s) URL, with
// credentials from the action, a connection or the URL itself, kept apart from the URL so git never
// prints them (they reach git through a credential helper reading GIT_USER/GIT_PASS).
import { actionConnection } from '../action-connection.js';
import { resolveEnvValue } from '../action-env.js';
import { ActionError } from '../action-failure.js';
import type { ActionContext } from '../types.js';

export interface GitRemote {
  url: string;
  username: string;
  password: string;
}

export interface GitRemoteSpec {
  url?: string;
  connection?: string;
  username?: unknown;
  password?: unknown;
}

/** Git's own settings for every run: no prompts, no system config, credentials from the environment, no hooks. */
export const GIT_ENV: Record<string, string> = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_COUNT: '2',
  GIT_CONFIG_KEY_0: 'credential.helper',
  GIT_CONFIG_VALUE_0: '!f() { test "$1" = get && echo "username=$GIT_USER" && echo "password=$GIT_PASS"; }; f',
  GIT_CONFIG_KEY_1: 'core.hooksPath',
  GIT_CONFIG_VALUE_1: '/dev/null',
};

/** Resolves the remote; `field` prefixes errors (`gitops.repo`, `exec.checkout`). */
export async function gitRemoteOf(spec: GitRemoteSpec, actx: ActionContext, field: string): Promise<GitRemote> {
  let url = spec.url ? actx.render(spec.url).trim() : '';
  let username = await resolveEnvValue(spec.username, actx, `${field}.username`);
  let password = await resolveEnvValue(spec.password, actx, `${field}.password`);
  if (spec.connection) {
    const c = await actionConnection(actx, actx.render(spec.connection), `${field}.connection`);
    url ||= c.url ?? '';
    username ||= c.username ?? (c.password ? 'x-access-token' : '');
    password ||= c.password ?? '';
  }
  if (!url) throw new ActionError(`${field}.url: is required (or name a connection with a URL)`);
  if (url.startsWith('/') || url.startsWith('file://')) return { url, username, password };
  if (!/^https?:\/\//i.test(url)) throw new ActionError(`${field}.url: must be an http(s) URL or an absolute local path`);
  const u = new URL(url);
  username ||= decodeURIComponent(u.username);
  password ||= decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return { url: u.toString(), username, password };
}

/** A branch name safe to hand to git (no option, no `..`). */
export function checkBranch(ref: string, field: string): string {
  if (!/^[A-Za-z0-9._/-]+$/.test(ref) || ref.startsWith('-') || ref.includes('..'))
    throw new ActionError(`${field}: "${ref}" is not a branch name`);
  return ref;
}
