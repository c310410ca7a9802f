// Glob expansion for the file log backend: `*`, `?`, `[...]` and `{a,b}` within a segment and `**` for
// any depth. Segment patterns compile on RE2 (linear time: `*a*a*a*b` cannot backtrack for minutes).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { compileRegex, type Regex } from '@ops/shared/expr';

const GLOB_CHARS = /[*?[\]{}]/;

/** RE2 source for one path segment's pattern. */
function segmentSource(segment: string): string {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[' && segment.indexOf(']', i + 1) > i + 1) {
      const end = segment.indexOf(']', i + 1);
      re += `[${segment
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (c === '{' && segment.indexOf('}', i + 1) > i) {
      const end = segment.indexOf('}', i + 1);
      re += `(?:${segment
        .slice(i + 1, end)
        .split(',')
        .map((alt) => segmentSource(alt))
        .join('|')})`;
      i = end;
    } else re += c.replace(/[.+^$()|\\[\]{}]/g, '\\$&');
  }
  return re;
}

function segmentRegex(segment: string): Regex {
  return compileRegex(`^${segmentSource(segment)}$`);
}

/** The leading directories without glob characters: where the walk starts. */
export function globBase(pattern: string): string {
  const abs = path.resolve(pattern);
  const parts = abs.split(path.sep);
  const first = parts.findIndex((p) => GLOB_CHARS.test(p));
  if (first < 0) return path.dirname(abs);
  return parts.slice(0, first).join(path.sep) || path.sep;
}

async function entries(dir: string): Promise<{ name: string; dir: boolean; file: boolean }[]> {
  try {
    const list = await readdir(dir, { withFileTypes: true });
    return list.map((e) => ({ name: e.name, dir: e.isDirectory(), file: e.isFile() }));
  } catch {
    return [];
  }
}

/** Regular files matching the pattern (absolute), sorted; a pattern without glob characters is itself. */
export async function expandGlob(pattern: string): Promise<string[]> {
  const abs = path.resolve(pattern);
  if (!GLOB_CHARS.test(abs)) return [abs];
  const base = globBase(abs);
  const rest = path.relative(base, abs).split(path.sep);
  const out: string[] = [];
  const walk = async (dir: string, segs: string[]): Promise<void> => {
    const [seg, ...more] = segs;
    if (seg === undefined) return;
    if (seg === '**') {
      await walk(dir, more);
      for (const e of await entries(dir)) if (e.dir) await walk(path.join(dir, e.name), segs);
      return;
    }
    if (!GLOB_CHARS.test(seg)) {
      if (more.length === 0) out.push(path.join(dir, seg));
      else await walk(path.join(dir, seg), more);
      return;
    }
    const re = segmentRegex(seg);
    for (const e of await entries(dir)) {
      if (!re.test(e.name)) continue;
      if (more.length === 0) {
        if (e.file) out.push(path.join(dir, e.name));
      } else if (e.dir) await walk(path.join(dir, e.name), more);
    }
  };
  await walk(base, rest);
  return [...new Set(out)].sort();
}
