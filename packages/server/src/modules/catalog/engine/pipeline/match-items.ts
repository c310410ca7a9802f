// config-db's pattern lists ("Kubernetes::*", "!kube-system", "*-junit*"): a value matches when
// it matches an inclusion (or there are only exclusions) and no exclusion. Globs compile on RE2: a
// pattern like `*a*a*a*…b` backtracks exponentially on JavaScript's RegExp.
import { compileRegex, type Regex } from '@ops/shared/expr';

const compiled = new Map<string, Regex>();

/** Glob with '*' (any run of characters), matched against the whole value, case-sensitively. Cached. */
export function globToRegExp(pattern: string): Regex {
  const hit = compiled.get(pattern);
  if (hit) return hit;
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const re = compileRegex(`^${body}$`);
  if (compiled.size > 1000) compiled.clear();
  compiled.set(pattern, re);
  return re;
}

/** Whether one glob pattern matches the value. */
export function globMatch(pattern: string, value: string): boolean {
  return pattern === '*' || (pattern.includes('*') ? globToRegExp(pattern).test(value) : pattern === value);
}

/** Match a value against patterns where a leading '!' excludes. An empty list matches everything. */
export function matchItems(value: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  const include = patterns.filter((p) => !p.startsWith('!'));
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  if (exclude.some((p) => globMatch(p, value))) return false;
  return include.length === 0 || include.some((p) => globMatch(p, value));
}
