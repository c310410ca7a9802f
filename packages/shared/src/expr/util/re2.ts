// The one door for user-supplied regular expressions: every pattern from a spec, filter, CEL
// expression, template or jq program is compiled here on re2js (Go/RE2 syntax, linear time), never
// on JavaScript's backtracking RegExp. Constructs RE2 cannot run in linear time are refused with a
// message naming them.
import { RE2JS } from 're2js';

/** Flags as JavaScript spells them; inline `(?i)`, `(?m)`, `(?s)` work in the pattern as well. */
export interface RegexFlags {
  ignoreCase?: boolean;
  multiline?: boolean;
  dotAll?: boolean;
}

/** One match: offsets in UTF-16 code units (as String.prototype.slice), groups by number and name. */
export interface RegexMatch {
  start: number;
  end: number;
  text: string;
  /** groups[0] is the whole match; an unmatched group is undefined. */
  groups: Array<string | undefined>;
  /** Start offset of each group (as `start`); -1 for an unmatched group. */
  starts: number[];
  named: Record<string, string | undefined>;
}

/** A pattern RE2 refuses; the message names the pattern and the problem. */
export class RegexSyntaxError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`invalid regular expression ${JSON.stringify(pattern)}: ${reason}`);
    this.name = 'RegexSyntaxError';
  }
}

// Constructs of backtracking engines, by the text RE2's parser reports, with a name for people.
const UNSUPPORTED: Array<[RegExp, string]> = [
  [/^\(\?<=/, 'lookbehind (?<=…)'],
  [/^\(\?<!/, 'negative lookbehind (?<!…)'],
  [/^\(\?=/, 'lookahead (?=…)'],
  [/^\(\?!/, 'negative lookahead (?!…)'],
  [/^\(\?>/, 'atomic group (?>…)'],
  [/^\\[1-9]/, 'backreference \\1'],
  [/^\\k/, 'named backreference \\k<…>'],
  [/[*+?}]\+$/, 'possessive quantifier'],
];

/** RE2's parse error as a sentence; constructs it lacks on purpose are named. */
function reasonOf(err: unknown): string {
  const msg = (err instanceof Error ? err.message : String(err)).replace(/^error parsing regexp: /, '');
  const arg = /`([^]*)`$/.exec(msg)?.[1] ?? '';
  const construct = UNSUPPORTED.find(([re]) => re.test(arg))?.[1];
  return construct ? `${construct} is not supported (patterns use RE2 syntax, which runs in linear time)` : msg;
}

const CACHE_MAX = 1000;
const cache = new Map<string, Regex>();

/**
 * Compiles a pattern (cached): Go/RE2 syntax with `(?P<name>…)`, `(?<name>…)` and inline flags.
 * Throws RegexSyntaxError naming the construct when RE2 refuses it (backreferences, lookaround).
 */
export function compileRegex(pattern: string, flags: RegexFlags = {}): Regex {
  const bits =
    (flags.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (flags.multiline ? RE2JS.MULTILINE : 0) | (flags.dotAll ? RE2JS.DOTALL : 0);
  const key = `${bits}/${pattern}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, bits);
  } catch (err) {
    throw new RegexSyntaxError(pattern, reasonOf(err));
  }
  const compiled = new Regex(pattern, re);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

/** Why RE2 refuses a pattern, or undefined when it compiles; for validating specs at save. */
export function regexProblem(pattern: string, flags: RegexFlags = {}): string | undefined {
  try {
    compileRegex(pattern, flags);
    return undefined;
  } catch (err) {
    if (err instanceof RegexSyntaxError) return err.message;
    throw err;
  }
}

/** JavaScript flag letters ("gim") as RegexFlags; letters without an RE2 meaning are ignored. */
export function jsFlags(letters: string): RegexFlags {
  return { ignoreCase: letters.includes('i'), multiline: letters.includes('m'), dotAll: letters.includes('s') };
}

/** Escapes every RE2 metacharacter, so the text matches itself (Go's regexp.QuoteMeta). */
export function quoteMeta(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/** A compiled RE2 pattern with the operations callers need; stateless and safe to share. */
export class Regex {
  readonly groupCount: number;
  /** Group number → name, for named groups. */
  readonly groupNames: ReadonlyMap<number, string>;

  constructor(
    readonly source: string,
    private readonly re: RE2JS,
  ) {
    this.groupCount = re.groupCount();
    this.groupNames = new Map(Object.entries(re.namedGroups()).map(([name, i]) => [i, name]));
  }

  /** Whether the pattern matches anywhere in the text. */
  test(text: string): boolean {
    return this.re.test(text);
  }

  /** The leftmost match at or after `from`, or undefined. Anchors see the whole text. */
  find(text: string, from = 0): RegexMatch | undefined {
    const m = this.re.matcher(text);
    if (from > text.length || !m.find(from)) return undefined;
    return this.toMatch(m, text);
  }

  /** Successive non-overlapping matches (Go's FindAll); `limit` < 0 means all. */
  findAll(text: string, limit = -1): RegexMatch[] {
    const out: RegexMatch[] = [];
    if (limit === 0) return out;
    const m = this.re.matcher(text);
    while (m.find()) {
      out.push(this.toMatch(m, text));
      if (limit > 0 && out.length >= limit) break;
    }
    return out;
  }

  /**
   * Replaces the first match (or every match with `all`). A string replacement expands as
   * String.prototype.replace does ($&, $1, $<name>, $$); a function gets the match.
   */
  replace(text: string, replacement: string | ((m: RegexMatch) => string), all = true): string {
    const m = this.re.matcher(text);
    if (typeof replacement === 'string') return all ? m.replaceAll(replacement) : m.replaceFirst(replacement);
    let out = '';
    let last = 0;
    for (const match of all ? this.findAll(text) : [this.find(text)].filter((x) => x !== undefined)) {
      out += text.slice(last, match.start) + replacement(match);
      last = match.end;
    }
    return out + text.slice(last);
  }

  /**
   * Splits as String.prototype.split(regexp) does (captured groups are kept between the parts),
   * so splitting by a pattern behaves as it did before RE2; `limit` < 0 means no limit.
   */
  split(text: string, limit = -1): string[] {
    const out: string[] = [];
    const push = (...parts: Array<string | undefined>) => {
      for (const p of parts) if (limit < 0 || out.length < limit) out.push(p as string);
    };
    if (text === '') return this.test('') ? [] : [''];
    let p = 0;
    let q = 0;
    while (q < text.length) {
      const match = this.find(text, q);
      if (!match || match.start >= text.length) break;
      const e = Math.min(match.end, text.length);
      if (e === p) {
        q = match.start + 1;
        continue;
      }
      push(text.slice(p, match.start), ...match.groups.slice(1));
      if (limit >= 0 && out.length >= limit) return out;
      p = e;
      q = p;
    }
    push(text.slice(p));
    return out;
  }

  private toMatch(m: ReturnType<RE2JS['matcher']>, text: string): RegexMatch {
    const groups: Array<string | undefined> = [];
    const starts: number[] = [];
    for (let i = 0; i <= this.groupCount; i++) {
      const g = m.group(i) ?? undefined;
      groups.push(g);
      starts.push(g === undefined ? -1 : m.start(i));
    }
    const named: Record<string, string | undefined> = {};
    for (const [i, name] of this.groupNames) named[name] = groups[i];
    const start = m.start();
    return { start, end: m.end(), text: text.slice(start, m.end()), groups, starts, named };
  }
}
