// Which local paths a spec may read: only under the configured roots (OPS_FILE_ROOTS), never the data
// directory, judged on the real path so symlinks and `..` cannot escape. Used by file scrapers, the
// folder check and exec artifacts, which all read as the server's user.
import { constants } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { sandboxConfig } from './sandbox-config.js';

/** A path a spec may not read; the message names the path and the rule. */
export class FileRootError extends Error {}

/** Whether `p` is `dir` or lies below it (both absolute). */
export function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

async function realOr(p: string): Promise<string> {
  return realpath(p).catch(() => p);
}

/**
 * The real path of `p` when a spec may read it: inside a file root (or one of `extraRoots`, e.g. a run's
 * working directory) and outside the data directory, both before and after resolving symlinks.
 * Throws FileRootError naming the rule; a missing file inside the roots rejects with ENOENT as usual.
 */
export async function allowedRealPath(p: string, extraRoots: readonly string[] = []): Promise<string> {
  const { dataDir, fileRoots } = sandboxConfig();
  const abs = path.resolve(p);
  const roots = [...fileRoots, ...extraRoots];
  const realRoots = await Promise.all(roots.map(realOr));
  const realData = await realOr(dataDir);
  const rootsText = `allowed roots: ${fileRoots.join(', ')} (OPS_FILE_ROOTS)`;
  const judge = (candidate: string, what: string): void => {
    if (isInside(candidate, dataDir) || isInside(candidate, realData)) {
      throw new FileRootError(`${what} is inside the data directory ${dataDir}, which specs may never read`);
    }
    if (![...roots, ...realRoots].some((r) => isInside(candidate, r))) throw new FileRootError(`${what} is outside the ${rootsText}`);
  };
  judge(abs, `path ${p}`);
  const real = await realpath(abs);
  if (real !== abs) judge(real, `path ${p} resolves to ${real}, which`);
  return real;
}

/**
 * Opens a regular file a spec may read. The opened file must be the one that was checked (same device
 * and inode), so a symlink swapped in between cannot redirect the read.
 */
export async function openAllowedFile(p: string, extraRoots: readonly string[] = []): Promise<FileHandle> {
  const real = await allowedRealPath(p, extraRoots);
  const checked = await stat(real);
  const fh = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await fh.stat();
    if (info.dev !== checked.dev || info.ino !== checked.ino) throw new FileRootError(`path ${p} changed while it was being opened`);
    if (!info.isFile()) throw new FileRootError(`path ${p} is not a regular file`);
    return fh;
  } catch (err) {
    await fh.close();
    throw err;
  }
}

/** The text of a file a spec may read (see openAllowedFile). */
export async function readAllowedFile(p: string, extraRoots: readonly string[] = []): Promise<string> {
  const fh = await openAllowedFile(p, extraRoots);
  try {
    return await fh.readFile('utf8');
  } finally {
    await fh.close();
  }
}
