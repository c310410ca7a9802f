// Git: `git ls-remote --exit-code <url> <ref>` with the git binary. Credentials never reach the
// command line (other users can read it in ps): basic auth goes through a GIT_ASKPASS script that
// reads them from this child's environment, an SSH key through a 0600 file in a private temp folder
// removed afterwards. Exit code 2 means the remote answered but has no such ref.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expandCredentials, requireUrl, safeUrl, type ConnectionTester } from './types.js';

const ASKPASS = `#!/bin/sh
case "$1" in
  Username*) printf '%s\\n' "$OPS_GIT_USERNAME" ;;
  *) printf '%s\\n' "$OPS_GIT_PASSWORD" ;;
esac
`;

/** URL forms git accepts here: http(s), ssh, git and file URLs and scp-like user@host:path. */
const ALLOWED = /^(https?|ssh|git|file):\/\/|^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/;

function run(args: string[], env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { env, signal, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 4096) stderr += c.toString('utf8');
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('git: the git program is not installed on the server') : err),
    );
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

export const testGit: ConnectionTester = async (c, opts) => {
  const url = expandCredentials(requireUrl(c), c);
  if (!ALLOWED.test(url)) throw new Error(`git: "${safeUrl(url)}" is not an http(s)://, ssh://, git://, file:// or user@host:path URL`);
  const ref = c.properties.ref?.trim() || 'main';
  if (ref.startsWith('-')) throw new Error(`git: ref "${ref}" is not a ref name`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ops-git-test-'));
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_ASKPASS: path.join(dir, 'askpass.sh'),
      OPS_GIT_USERNAME: c.username ?? '',
      OPS_GIT_PASSWORD: c.password ?? '',
      ...(c.insecure_tls ? { GIT_SSL_NO_VERIFY: '1' } : {}),
    };
    await writeFile(env.GIT_ASKPASS!, ASKPASS, { mode: 0o700 });
    const ssh = [
      'ssh',
      '-o BatchMode=yes',
      '-o StrictHostKeyChecking=accept-new',
      `-o UserKnownHostsFile=${path.join(dir, 'known_hosts')}`,
    ];
    if (c.properties.auth === 'ssh' && c.certificate?.trim()) {
      const key = path.join(dir, 'id_key');
      await writeFile(key, `${c.certificate.trim()}\n`, { mode: 0o600 });
      await chmod(key, 0o600);
      ssh.push(`-i ${key}`, '-o IdentitiesOnly=yes');
    }
    env.GIT_SSH_COMMAND = ssh.join(' ');
    // `--` ends the options, so a URL can never be read as one (e.g. --upload-pack=…).
    const { code, stderr } = await run(['-c', 'protocol.ext.allow=never', 'ls-remote', '--exit-code', '--', url, ref], env, opts.signal);
    if (code === 0) return;
    if (code === 2) throw new Error(`git: ${safeUrl(url)} has no ref "${ref}"`);
    const lines = stderr
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const errors = lines.filter((l) => /^(fatal|error|remote):/.test(l));
    const reason = (errors.length ? errors : lines).join('; ');
    throw new Error(`git: ls-remote ${safeUrl(url)} failed: ${reason || `exit code ${code}`}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
