// The files a file backend reads, newest first: every file the glob matches with its rotated siblings
// (`app.log`, then `app.log.1`, `app.log.2`, ...), each chain ordered by rotation number and the chains
// by the last write of their newest file. Files are known by device and inode, so a page can follow a
// file that was renamed by rotation.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expandGlob } from './glob.js';

export interface LogFile {
  path: string;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

const ROTATED = /^(.+)\.(\d{1,6})$/;

async function statFile(p: string): Promise<LogFile | undefined> {
  try {
    const s = await stat(p);
    return s.isFile() ? { path: p, dev: s.dev, ino: s.ino, size: s.size, mtimeMs: s.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The live file a path belongs to and its rotation number (0 for the live file itself). */
function chainOf(p: string): { base: string; n: number } {
  const m = ROTATED.exec(p);
  return m ? { base: m[1]!, n: Number(m[2]) } : { base: p, n: 0 };
}

/** Every file of the pattern and their rotated siblings, newest first. */
export async function logFiles(pattern: string): Promise<LogFile[]> {
  const chains = new Map<string, Map<number, string>>();
  const add = (p: string) => {
    const { base, n } = chainOf(p);
    let chain = chains.get(base);
    if (!chain) chains.set(base, (chain = new Map()));
    chain.set(n, p);
  };
  const listed = new Map<string, string[]>();
  for (const match of await expandGlob(pattern)) {
    add(match);
    const { base } = chainOf(match);
    const dir = path.dirname(base);
    let names = listed.get(dir);
    if (!names) listed.set(dir, (names = await readdir(dir).catch(() => [] as string[])));
    const prefix = `${path.basename(base)}.`;
    for (const name of names) if (name.startsWith(prefix) && ROTATED.test(name)) add(path.join(dir, name));
    if (names.includes(path.basename(base))) add(base);
  }
  const ordered: LogFile[][] = [];
  for (const chain of chains.values()) {
    const files: LogFile[] = [];
    for (const n of [...chain.keys()].sort((a, b) => a - b)) {
      const f = await statFile(chain.get(n)!);
      if (f) files.push(f);
    }
    if (files.length > 0) ordered.push(files);
  }
  ordered.sort((a, b) => b[0]!.mtimeMs - a[0]!.mtimeMs || a[0]!.path.localeCompare(b[0]!.path));
  return ordered.flat();
}
