// Lists a local folder (optionally recursively) through a filter on name, age, size and time,
// and summarises what it found: oldest, newest, smallest, largest, file list and free space.
import { lstat, readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { allowedRealPath, isInside } from '../../../../../sandbox/file-roots.js';
import { sandboxConfig } from '../../../../../sandbox/sandbox-config.js';

/** One file as canary-checker's File: name, size, mode, modified, is_dir. */
export interface FolderFile {
  name: string;
  size: number;
  mode: string;
  modified: string;
  is_dir: boolean;
  mtimeMs: number;
}

/** The filter of a folder check, already parsed. */
export interface FolderFilter {
  /** A compiled RE2 pattern (linear time), tested against each file's base name. */
  regex?: { test(text: string): boolean };
  minAgeMs?: number;
  maxAgeMs?: number;
  minSize?: number;
  maxSize?: number;
  sinceMs?: number;
  allowDirs: boolean;
}

export interface FolderScan {
  exists: boolean;
  files: FolderFile[];
  totalSize: number;
  availableSize: number;
}

const MAX_ENTRIES = 100_000;

/**
 * Scans `dir`; a missing folder gives an empty scan, a file instead of a folder is an error, and so is a
 * folder outside OPS_FILE_ROOTS or in the data directory (src/sandbox/file-roots.ts), which is never walked.
 */
export async function scanFolder(dir: string, filter: FolderFilter, recursive: boolean, signal: AbortSignal): Promise<FolderScan> {
  const allowed = await allowedRealPath(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!allowed) return { exists: false, files: [], totalSize: -1, availableSize: -1 };
  const info = await stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!info) return { exists: false, files: [], totalSize: -1, availableSize: -1 };
  if (!info.isDirectory()) throw new Error(`${dir} is not a directory`);
  const files: FolderFile[] = [];
  await walk(dir, dir, filter, recursive, files, signal);
  const fsInfo = await statfs(dir).catch(() => undefined);
  return {
    exists: true,
    files,
    totalSize: fsInfo ? fsInfo.blocks * fsInfo.bsize : -1,
    availableSize: fsInfo ? fsInfo.bavail * fsInfo.bsize : -1,
  };
}

async function walk(
  root: string,
  dir: string,
  filter: FolderFilter,
  recursive: boolean,
  out: FolderFile[],
  signal: AbortSignal,
): Promise<void> {
  const names = await readdir(dir);
  for (const name of names.sort()) {
    if (signal.aborted) throw new Error('aborted');
    if (out.length >= MAX_ENTRIES) return;
    const full = path.join(dir, name);
    if (isInside(path.resolve(full), sandboxConfig().dataDir)) continue;
    const info = await stat(full).catch(() => undefined);
    if (!info) continue;
    const file: FolderFile = {
      name: path.relative(root, full),
      size: info.size,
      mode: (info.mode & 0o7777).toString(8).padStart(4, '0'),
      modified: info.mtime.toISOString(),
      is_dir: info.isDirectory(),
      mtimeMs: info.mtimeMs,
    };
    if (acceptFile(file, filter)) out.push(file);
    // Sub-folders are walked even when their own name or age does not pass the filter.
    // Symlinked folders are not followed, so a link to a parent cannot loop.
    if (file.is_dir && recursive && !(await lstat(full)).isSymbolicLink()) await walk(root, full, filter, recursive, out, signal);
  }
}

/** Whether a file passes the check's filter (local files and remote objects alike). */
export function acceptFile(f: FolderFile, filter: FolderFilter): boolean {
  const age = Date.now() - f.mtimeMs;
  if (f.is_dir && !filter.allowDirs) return false;
  if (filter.maxAgeMs !== undefined && age > filter.maxAgeMs) return false;
  if (filter.minAgeMs !== undefined && age < filter.minAgeMs) return false;
  if (filter.minSize !== undefined && f.size < filter.minSize) return false;
  if (filter.maxSize !== undefined && f.size > filter.maxSize) return false;
  if (filter.regex && !filter.regex.test(path.basename(f.name))) return false;
  if (filter.sinceMs !== undefined && f.mtimeMs < filter.sinceMs) return false;
  return true;
}
