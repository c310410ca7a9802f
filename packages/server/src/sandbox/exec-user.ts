// The unprivileged system user untrusted code runs as when the server is root: its own uid and gid,
// no home and no login shell. Created with useradd on first use when it does not exist.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ExecUser {
  name: string;
  uid: number;
  gid: number;
}

const cache = new Map<string, Promise<ExecUser>>();

/** Whether the server runs as root, so untrusted code must drop to another user. */
export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The uid/gid of `name`, creating the system user once when absent; refuses a user with uid or gid 0. */
export function execUser(name: string): Promise<ExecUser> {
  let found = cache.get(name);
  if (!found) {
    found = ensureUser(name);
    found.catch(() => cache.delete(name));
    cache.set(name, found);
  }
  return found;
}

async function ensureUser(name: string): Promise<ExecUser> {
  let user = await lookup(name);
  if (!user) {
    try {
      await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
    } catch (err) {
      // Another server on this host may have created it at the same moment (useradd exits 9).
      if ((err as { code?: unknown }).code !== 9) {
        throw new Error(
          `cannot create the system user ${name} for running scripts (set OPS_EXEC_USER to an existing user): ${(err as Error).message}`,
        );
      }
    }
    user = await lookup(name);
  }
  if (!user) throw new Error(`the system user ${name} for running scripts does not exist and could not be created`);
  if (user.uid === 0 || user.gid === 0) throw new Error(`OPS_EXEC_USER ${name} has uid or gid 0: scripts must not run as root`);
  return user;
}

async function lookup(name: string): Promise<ExecUser | undefined> {
  try {
    const { stdout } = await run('getent', ['passwd', name]);
    const [, , uid, gid] = stdout.trim().split(':');
    return { name, uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}
