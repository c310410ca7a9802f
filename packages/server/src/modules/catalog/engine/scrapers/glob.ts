import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compileRegex, type Regex } from '@ops/shared/expr';

// Minimal glob expansion for file scrapers: `*`, `?`, `[...]`, `{a,b}` within a path segment and
// `**` for any number of directories. Results are sorted so scrapes are deterministic. Patterns
// compile on RE2, as `*a*a*a*…b` backtracks exponentially on JavaScript's RegExp.

/** True when the path contains glob syntax. */
export function hasGlob(p: string): boolean {
  return /[*?[\]{}]/.test(p);
}

/** One path segment pattern as an RE2 pattern. */
export function segmentRegExp(segment: string): Regex {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${segment
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      const end = segment.indexOf('}', i + 1);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${segment
          .slice(i + 1, end)
          .split(',')
          .map((alt) =>
            alt
              .replace(/[.+^$()|\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('|')})`;
        i = end;
      }
    } else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return compileRegex(`^${re}$`);
}

/** A whole relative path pattern (e.g. logs, any depth, then *.json) as an RE2 pattern over '/'-separated paths. */
export function pathRegExp(pattern: string): Regex {
  const parts = pattern.split('/');
  let re = '';
  parts.forEach((seg, i) => {
    const last = i === parts.length - 1;
    if (seg === '**') re += last ? '.*' : '(?:[^/]+/)*';
    else re += segmentRegExp(seg).source.slice(1, -1) + (last ? '' : '/');
  });
  return compileRegex(`^${re}$`);
}

async function entries(dir: string): Promise<Array<{ name: string; dir: boolean }>> {
  try {
    const list = await readdir(dir, { withFileTypes: true });
    return list.map((e) => ({ name: e.name, dir: e.isDirectory() })).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

async function literal(dir: string, name: string): Promise<Array<{ name: string; dir: boolean }>> {
  try {
    return [{ name, dir: (await stat(path.join(dir, name))).isDirectory() }];
  } catch {
    return [];
  }
}

async function walk(dir: string, segments: string[], out: Set<string>): Promise<void> {
  if (segments.length === 0) return;
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '**') {
    await walk(dir, rest, out);
    for (const e of await entries(dir)) if (e.dir) await walk(path.join(dir, e.name), segments, out);
    return;
  }
  const re = hasGlob(head) ? segmentRegExp(head) : undefined;
  const candidates = re ? (await entries(dir)).filter((e) => re.test(e.name)) : await literal(dir, head);
  for (const e of candidates) {
    const full = path.join(dir, e.name);
    if (rest.length > 0) await walk(full, rest, out);
    else if (!e.dir) out.add(full);
  }
}

/** Files matching an absolute glob pattern (directories are not returned). */
export async function expandGlob(pattern: string): Promise<string[]> {
  const abs = path.resolve(pattern);
  const root = path.parse(abs).root;
  const out = new Set<string>();
  await walk(root, abs.slice(root.length).split(path.sep).filter(Boolean), out);
  return [...out].sort();
}
