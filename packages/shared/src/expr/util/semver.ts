// Semantic versions (Masterminds/semver semantics): parse, compare, and constraint checks such as
// ">= 1.2, < 2" or "^1.4 || ~2.0", which is what gomplate's semverCompare(constraint, version) does.

export interface Semver {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Parses "1.2.3", "v1.2", "1.2.3-rc.1+build"; missing minor/patch are 0. Throws when invalid. */
export function parseSemver(text: string): Semver {
  const m = VERSION.exec(text.trim());
  if (!m) throw new Error(`invalid semantic version ${JSON.stringify(text)}`);
  return { major: Number(m[1]), minor: Number(m[2] ?? 0), patch: Number(m[3] ?? 0), prerelease: m[4] ? m[4].split('.') : [] };
}

/** Compares two prerelease identifiers lists by the semver 2.0 precedence rules. */
function comparePre(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length === 0 ? 0 : a.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) < Number(y) ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** -1, 0 or 1 as a is lower than, equal to or higher than b. */
export function compareSemver(a: string | Semver, b: string | Semver): number {
  const x = typeof a === 'string' ? parseSemver(a) : a;
  const y = typeof b === 'string' ? parseSemver(b) : b;
  for (const k of ['major', 'minor', 'patch'] as const) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
  return comparePre(x.prerelease, y.prerelease);
}

/** Checks one "op version" term, where version may hold x/* wildcards or be partial. */
function checkTerm(term: string, v: Semver): boolean {
  const m = /^(>=|<=|!=|=|>|<|~>|~|\^)?\s*v?([0-9xX*]+)(?:\.([0-9xX*]+))?(?:\.([0-9xX*]+))?(-[0-9A-Za-z.-]+)?$/.exec(term);
  if (!m) throw new Error(`improper constraint: ${term}`);
  const op = m[1] ?? '=';
  const wild = (s: string | undefined) => s === undefined || /^[xX*]$/.test(s);
  const parts = [m[2], m[3], m[4]];
  const depth = parts.findIndex(wild);
  const nums = parts.map((p) => (wild(p) ? 0 : Number(p)));
  const c: Semver = { major: nums[0]!, minor: nums[1]!, patch: nums[2]!, prerelease: m[5] ? m[5].slice(1).split('.') : [] };
  const cmp = compareSemver(v, c);
  const bump = (level: number): Semver => ({
    major: level === 0 ? c.major + 1 : c.major,
    minor: level === 1 ? c.minor + 1 : level === 0 ? 0 : c.minor,
    patch: 0,
    prerelease: [],
  });
  if (v.prerelease.length > 0 && c.prerelease.length === 0 && op !== '!=') return false;
  switch (op) {
    case '=':
      return depth < 0 ? cmp === 0 : depth === 0 || (cmp >= 0 && compareSemver(v, bump(depth - 1)) < 0);
    case '!=':
      return depth < 0 ? cmp !== 0 : !(depth === 0 || (cmp >= 0 && compareSemver(v, bump(depth - 1)) < 0));
    case '>':
      return depth < 0 ? cmp > 0 : depth > 0 && compareSemver(v, bump(depth - 1)) >= 0;
    case '<':
      return cmp < 0;
    case '>=':
      return cmp >= 0;
    case '<=':
      return depth < 0 ? cmp <= 0 : depth === 0 || compareSemver(v, bump(depth - 1)) < 0;
    case '~':
    case '~>':
      return cmp >= 0 && compareSemver(v, bump(depth === 0 ? 0 : 1)) < 0;
    default: {
      const level = c.major > 0 || depth === 1 ? 0 : c.minor > 0 || depth === 2 ? 1 : 2;
      return cmp >= 0 && compareSemver(v, level === 2 ? { ...c, patch: c.patch + 1, prerelease: [] } : bump(level)) < 0;
    }
  }
}

/** True when `version` satisfies `constraint` ("1.2.3", ">=1.2 <2", "^1.4 || ~2.0"). */
export function semverSatisfies(constraint: string, version: string): boolean {
  const v = parseSemver(version);
  return constraint.split('||').some((alt) => {
    const terms = alt
      .trim()
      .replace(/(>=|<=|!=|~>|[=<>~^])\s+/g, '$1')
      .split(/[\s,]+/)
      .filter(Boolean);
    if (terms.length === 0) throw new Error(`improper constraint: ${constraint}`);
    return terms.every((t) => checkTerm(t, v));
  });
}
