// Collects the artifacts an exec check lists: files (globs allowed in any path segment, relative
// paths from the script's directory) and the special paths /dev/stdout and /dev/stderr. Files are read
// only inside the run's working directory or the file roots, never the data directory (src/sandbox).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { compileRegex, type Regex } from '@ops/shared/expr';
import { openAllowedFile } from '../../../../../sandbox/file-roots.js';
import type { CheckArtifact } from '../../types.js';

/** Bytes kept per artifact; larger files are cut and marked truncated. */
export const MAX_ARTIFACT_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 100;

/** Reads every artifact `paths` names; missing (and refused) files are skipped, as canary-checker skips missing ones. */
export async function collectArtifacts(paths: string[], cwd: string, stdout: string, stderr: string): Promise<CheckArtifact[]> {
  const out: CheckArtifact[] = [];
  for (const p of paths) {
    if (p === '/dev/stdout' || p === '/dev/stderr') {
      const content = Buffer.from(p === '/dev/stdout' ? stdout : stderr, 'utf8');
      out.push({ path: p, size: content.length, content, truncated: false });
      continue;
    }
    for (const file of await expand(path.resolve(cwd, p))) {
      if (out.length >= MAX_FILES) return out;
      const artifact = await readArtifact(file, cwd);
      if (artifact) out.push(artifact);
    }
  }
  return out;
}

async function readArtifact(file: string, cwd: string): Promise<CheckArtifact | undefined> {
  try {
    const fh = await openAllowedFile(file, [cwd]);
    try {
      const info = await fh.stat();
      const length = Math.min(info.size, MAX_ARTIFACT_BYTES);
      const content = Buffer.alloc(length);
      await fh.read(content, 0, length, 0);
      return { path: file, size: info.size, content, truncated: info.size > length };
    } finally {
      await fh.close();
    }
  } catch {
    return undefined;
  }
}

/** Expands `*`, `?` and `[...]` in each segment of an absolute path. */
async function expand(pattern: string): Promise<string[]> {
  const segments = pattern.split(path.sep).filter(Boolean);
  let bases: string[] = [path.sep];
  for (const seg of segments) {
    if (!/[*?[]/.test(seg)) {
      bases = bases.map((b) => path.join(b, seg));
      continue;
    }
    const re = globToRegExp(seg);
    const next: string[] = [];
    for (const base of bases) {
      const names = await readdir(base).catch(() => [] as string[]);
      for (const n of names.sort()) if (re.test(n) && !(n.startsWith('.') && !seg.startsWith('.'))) next.push(path.join(base, n));
    }
    bases = next;
  }
  return bases;
}

/** A segment glob on RE2: `*a*a*…b` backtracks exponentially on JavaScript's RegExp. */
function globToRegExp(seg: string): Regex {
  let re = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = seg.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re +=
          '[' +
          seg
            .slice(i + 1, end)
            .replace(/^!/, '^')
            .replace(/\\/g, '\\\\') +
          ']';
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return compileRegex(`^${re}$`);
}
