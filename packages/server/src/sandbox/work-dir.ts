// The fresh working directory of one run: under the system temp folder (never inside the data
// directory), owned by the user the run executes as, removed afterwards.
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExecUser } from './exec-user.js';
import { isInside } from './file-roots.js';

/** Make a private working directory for `user` (or the server's own user). */
export async function createWorkDir(dataDir: string, user: ExecUser | undefined): Promise<string> {
  const base = isInside(path.resolve(tmpdir()), dataDir) ? '/tmp' : tmpdir();
  const dir = await mkdtemp(path.join(base, 'ops-run-'));
  await chmod(dir, 0o700);
  if (user) await chown(dir, user.uid, user.gid);
  return dir;
}

/** Remove a working directory; rm unlinks symlinks rather than following them. */
export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
}
