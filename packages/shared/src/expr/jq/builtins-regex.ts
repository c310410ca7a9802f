// jq's regular-expression builtins (test, match, capture, scan, split/2, splits, sub, gsub) on RE2, so a
// pattern from a program runs in linear time. jq's flags: g (every match), i, x (extended), s, m.
import type { JqNode } from './ast.js';
import { first, JqRuntimeError, type JqContext } from './runtime.js';
import { compileRegex, jsFlags, RegexSyntaxError, type Regex, type RegexMatch } from '../util/re2.js';
import { jqShow, jqType, type Json } from './values.js';

type Fn = (input: Json, args: JqNode[], ctx: JqContext) => Json[];

const needString = (v: Json, fn: string): string => {
  if (typeof v !== 'string') throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) cannot be ${fn}`);
  return v;
};

// The x flag: drop unescaped whitespace and #-comments outside character classes.
const stripExtended = (re: string): string => {
  let out = '';
  let inClass = false;
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    if (c === '\\') {
      out += c + (re[++i] ?? '');
      continue;
    }
    if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (/\s/.test(c)) continue;
    else if (c === '#') {
      while (i < re.length && re[i] !== '\n') i++;
      continue;
    }
    out += c;
  }
  return out;
};

// jq's flags i, x, s and m map onto RE2's; g is read by the callers.
const regex = (re: Json, flags: Json, fn: string): Regex => {
  const letters = typeof flags === 'string' ? flags : '';
  try {
    const source = needString(re, fn);
    return compileRegex(letters.includes('x') ? stripExtended(source) : source, jsFlags(letters));
  } catch (e) {
    throw new JqRuntimeError(
      `${JSON.stringify(re)} is not a valid regex: ${e instanceof RegexSyntaxError ? e.reason : (e as Error).message}`,
    );
  }
};

const flagsOf = (fl: JqNode | undefined, v: Json, ctx: JqContext): string => {
  if (!fl) return '';
  const f = first(fl, v, ctx);
  if (f === null) return '';
  if (typeof f !== 'string') throw new JqRuntimeError(`${jqShow(f)} is not a string of regex flags`);
  return f;
};

/** The matches jq reports: every one with the g flag, else the first. */
function matchesOf(v: Json, re: Json, flags: string): { r: Regex; text: string; found: RegexMatch[] } {
  const text = needString(v, 'matched');
  const r = regex(re, flags, 'matched');
  const found = flags.includes('g') ? r.findAll(text) : [r.find(text)].filter((m) => m !== undefined);
  return { r, text, found };
}

// jq counts offsets and lengths in code points, RE2 in UTF-16 units.
const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** One match as jq's object: offset, length, string and captures (unmatched: offset -1, string null). */
function matchObject(r: Regex, text: string, m: RegexMatch): Json {
  const captures: Json[] = [];
  for (let i = 1; i <= r.groupCount; i++) {
    const g = m.groups[i];
    const start = m.starts[i]!;
    captures.push({
      offset: g === undefined ? -1 : codePoints(text.slice(0, start)),
      length: g === undefined ? 0 : codePoints(g),
      string: g ?? null,
      name: r.groupNames.get(i) ?? null,
    });
  }
  return { offset: codePoints(text.slice(0, m.start)), length: codePoints(m.text), string: m.text, captures };
}

const captureObject = (r: Regex, m: RegexMatch): Json => {
  const o: Record<string, Json> = {};
  for (const [i, name] of r.groupNames) o[name] = m.groups[i] ?? null;
  return o;
};

/**
 * sub/gsub: each match's replacement is `to` run on the match's named captures; a replacement with several
 * outputs gives one result per output (per combination, for several matches), as jq 1.7 does.
 */
function replaceRe(v: Json, re: Json, to: JqNode, flags: string, ctx: JqContext): Json[] {
  const { text, found, r } = matchesOf(v, re, flags);
  let results = [''];
  let last = 0;
  for (const m of found) {
    const pieces = ctx.evaluate(to, captureObject(r, m), ctx).map((out) => {
      if (typeof out !== 'string') throw new JqRuntimeError(`${jqType(out)} (${jqShow(out)}) cannot be added to a string`);
      return out;
    });
    const before = text.slice(last, m.start);
    results = results.flatMap((prefix) => pieces.map((piece) => (ctx.budget.spend(), prefix + before + piece)));
    last = m.end;
  }
  return results.map((prefix) => prefix + text.slice(last));
}

const split = (v: Json, re: Json, flags: string): string[] => regex(re, flags, 'split').split(needString(v, 'split'));

/** The builtins of this file, keyed name/arity like the others. */
export const REGEX_FNS: Record<string, Fn> = {
  'test/1': (v, [re], ctx) => ctx.evaluate(re!, v, ctx).map((r) => regex(r, null, 'matched').test(needString(v, 'matched'))),
  'test/2': (v, [re, fl], ctx) => [regex(first(re!, v, ctx), flagsOf(fl, v, ctx), 'matched').test(needString(v, 'matched'))],
  'match/1': (v, [re], ctx) => matchFn(v, first(re!, v, ctx), ''),
  'match/2': (v, [re, fl], ctx) => matchFn(v, first(re!, v, ctx), flagsOf(fl, v, ctx)),
  'capture/1': (v, [re], ctx) => captureFn(v, first(re!, v, ctx), ''),
  'capture/2': (v, [re, fl], ctx) => captureFn(v, first(re!, v, ctx), flagsOf(fl, v, ctx)),
  'scan/1': (v, [re], ctx) => scanFn(v, first(re!, v, ctx), ''),
  'scan/2': (v, [re, fl], ctx) => scanFn(v, first(re!, v, ctx), flagsOf(fl, v, ctx)),
  'split/2': (v, [re, fl], ctx) => [split(v, first(re!, v, ctx), flagsOf(fl, v, ctx))],
  'splits/1': (v, [re], ctx) => split(v, first(re!, v, ctx), ''),
  'splits/2': (v, [re, fl], ctx) => split(v, first(re!, v, ctx), flagsOf(fl, v, ctx)),
  'sub/2': (v, [re, to], ctx) => replaceRe(v, first(re!, v, ctx), to!, '', ctx),
  'sub/3': (v, [re, to, fl], ctx) => replaceRe(v, first(re!, v, ctx), to!, flagsOf(fl, v, ctx), ctx),
  'gsub/2': (v, [re, to], ctx) => replaceRe(v, first(re!, v, ctx), to!, 'g', ctx),
  'gsub/3': (v, [re, to, fl], ctx) => replaceRe(v, first(re!, v, ctx), to!, `g${flagsOf(fl, v, ctx)}`, ctx),
};

function matchFn(v: Json, re: Json, flags: string): Json[] {
  const { r, text, found } = matchesOf(v, re, flags);
  return found.map((m) => matchObject(r, text, m));
}

function captureFn(v: Json, re: Json, flags: string): Json[] {
  const { r, found } = matchesOf(v, re, flags);
  return found.map((m) => captureObject(r, m));
}

// scan: every match (g implied); the whole match, or the array of its captures when the pattern has groups.
function scanFn(v: Json, re: Json, flags: string): Json[] {
  const { r, found } = matchesOf(v, re, `g${flags}`);
  return found.map((m) => (r.groupCount > 0 ? m.groups.slice(1).map((g) => g ?? null) : m.text));
}
