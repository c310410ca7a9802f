// String functions for templates: gomplate's top-level aliases (argument order as gomplate has
// it, subject last where pipelines need it) and the `strings` namespace.
import { semverSatisfies } from '../../util/semver.js';
import * as text from '../../util/text.js';
import { humanDuration, humanSize } from '../../util/human.js';
import { Namespace, type TemplateFunc } from '../values.js';
import { int, str } from './args.js';

/** Go's strings.Title-like: upper-cases word starts. */
const title = (s: unknown) => text.titleCase(str(s));

/** gomplate's indent: indent [width] [prefix] input. */
function indent(...args: unknown[]): string {
  const input = str(args.at(-1));
  if (args.length === 2) return typeof args[0] === 'string' ? text.indent(input, 1, args[0]) : text.indent(input, int(args[0]));
  if (args.length === 3) return text.indent(input, int(args[0]), str(args[1]));
  return text.indent(input);
}

const ns: Record<string, TemplateFunc> = {
  ToUpper: (s) => str(s).toUpperCase(),
  ToLower: (s) => str(s).toLowerCase(),
  Title: title,
  TrimSpace: (s) => str(s).trim(),
  Trim: (cutset, s) => str(s).replace(new RegExp(`^[${escapeClass(str(cutset))}]+|[${escapeClass(str(cutset))}]+$`, 'g'), ''),
  TrimPrefix: (p, s) => (str(s).startsWith(str(p)) ? str(s).slice(str(p).length) : str(s)),
  TrimSuffix: (p, s) => (str(p) && str(s).endsWith(str(p)) ? str(s).slice(0, -str(p).length) : str(s)),
  ReplaceAll: (a, b, s) => text.replaceN(str(s), str(a), str(b)),
  Contains: (sub, s) => str(s).includes(str(sub)),
  HasPrefix: (p, s) => str(s).startsWith(str(p)),
  HasSuffix: (p, s) => str(s).endsWith(str(p)),
  Split: (sep, s) => text.splitN(str(s), str(sep)),
  SplitN: (sep, n, s) => text.splitN(str(s), str(sep), int(n)),
  Repeat: (n, s) => text.repeatGuarded(str(s), int(n)),
  Quote: (s) => text.goQuote(str(s)),
  Squote: (s) => text.squote(str(s)),
  ShellQuote: (s) => (Array.isArray(s) ? s.map((x) => text.shellQuote(str(x))).join(' ') : text.shellQuote(str(s))),
  Indent: indent,
  Slug: (s) => text.slug(str(s)),
  SnakeCase: (s) => text.snakeCase(str(s)),
  CamelCase: (s) => text.camelCase(str(s)),
  KebabCase: (s) => text.kebabCase(str(s)),
  Abbrev: (...a) => (a.length === 3 ? text.abbrev(str(a[2]), int(a[1]), int(a[0])) : text.abbrev(str(a[1]), int(a[0]))),
  Trunc: (n, s) => str(s).slice(0, Math.max(0, int(n))),
  RuneCount: (...a) => [...a.map(str).join('')].length,
  Sort: (l) => (Array.isArray(l) ? l.map(str).sort() : []),
  HumanDuration: humanDuration,
  HumanSize: (v) => humanSize(typeof v === 'bigint' ? Number(v) : v),
};

function escapeClass(s: string): string {
  return s.replace(/[\\\]^-]/g, '\\$&');
}

/** String functions by template name (gomplate argument order). */
export const STRING_FUNCS: Record<string, TemplateFunc> = {
  strings: () => new Namespace('strings', ns),
  toUpper: ns.ToUpper!,
  toLower: ns.ToLower!,
  upper: ns.ToUpper!,
  lower: ns.ToLower!,
  title,
  trimSpace: ns.TrimSpace!,
  trim: (...a) => (a.length >= 2 ? ns.Trim!(a[1], a[0]) : str(a[0]).trim()),
  trimPrefix: ns.TrimPrefix!,
  trimSuffix: ns.TrimSuffix!,
  replace: (...a) =>
    a.length === 4 ? text.replaceN(str(a[0]), str(a[1]), str(a[2]), int(a[3])) : text.replaceN(str(a[2]), str(a[0]), str(a[1])),
  replaceAll: ns.ReplaceAll!,
  contains: (s, sub) => str(s).includes(str(sub)),
  hasPrefix: (s, p) => str(s).startsWith(str(p)),
  hasSuffix: (s, p) => str(s).endsWith(str(p)),
  startsWith: (s, p) => str(s).startsWith(str(p)),
  endsWith: (s, p) => str(s).endsWith(str(p)),
  split: (s, sep) => text.splitN(str(s), str(sep)),
  splitN: (s, sep, n) => text.splitN(str(s), str(sep), int(n)),
  quote: (...a) => a.map((x) => text.goQuote(str(x))).join(' '),
  squote: (...a) => a.map((x) => text.squote(str(x))).join(' '),
  shellQuote: ns.ShellQuote!,
  indent,
  nindent: (n, s) => `\n${text.indent(str(s), int(n))}`,
  repeat: ns.Repeat!,
  trunc: ns.Trunc!,
  abbrev: ns.Abbrev!,
  slug: ns.Slug!,
  humanDuration,
  humanSize: ns.HumanSize!,
  semverCompare: (c, v) => semverSatisfies(str(c), str(v)),
};
