// Go's fmt: how values print (fmt.Sprint / %v) and Sprintf's verbs, for templates and CEL format().
import { formatGoTime, GO_TIME_STRING_LAYOUT } from './go-time.js';
import { goQuote } from './text.js';
import { Duration, durationString, isMapLike, kindOf, mapEntries, toNumber } from './values.js';

/** Go's %g-style shortest float text with a two-digit exponent ("1e+21", "1e-07"). */
function goFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  const s = String(n);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** fmt.Sprint of one value: maps as map[k:v], lists as [a b], nil as <nil>. */
export function goString(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? String(v) : goFloat(v);
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return formatGoTime(v, GO_TIME_STRING_LAYOUT);
  if (v instanceof Duration) return durationString(v);
  if (v instanceof Uint8Array) return `[${[...v].join(' ')}]`;
  if (Array.isArray(v)) return `[${v.map(goString).join(' ')}]`;
  if (isMapLike(v)) {
    const entries = mapEntries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([k, x]) => `${k}:${goString(x)}`).join(' ')}]`;
  }
  if (typeof v === 'function') return '<func>';
  const n = toNumber(v);
  return n !== undefined ? String(n) : `<${kindOf(v)}>`;
}

/** fmt.Sprint: operands are separated by a space when neither side is a string. */
export function goSprint(args: unknown[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += goString(a);
  });
  return out;
}

/** fmt.Sprintln: operands always space-separated, newline appended. */
export function goSprintln(args: unknown[]): string {
  return `${args.map(goString).join(' ')}\n`;
}

/** Go's type name of a value for %T. */
function goType(v: unknown): string {
  const k = kindOf(v);
  return (
    {
      nil: '<nil>',
      list: '[]interface {}',
      map: 'map[string]interface {}',
      timestamp: 'time.Time',
      duration: 'time.Duration',
      bytes: '[]uint8',
      float: 'float64',
    }[k] ?? k
  );
}

function pad(s: string, width: number | undefined, flags: string): string {
  if (width === undefined || s.length >= width) return s;
  if (flags.includes('-')) return s.padEnd(width);
  if (flags.includes('0') && /^[+-]?[0-9a-fA-F.]/.test(s)) {
    const sign = /^[+-]/.test(s) ? s[0]! : '';
    return sign + s.slice(sign.length).padStart(width - sign.length, '0');
  }
  return s.padStart(width);
}

/** Formats one argument for one verb; returns Go's %!verb(type=value) for mismatches. */
function formatVerb(verb: string, arg: unknown, flags: string, prec: number | undefined): string {
  const n = typeof arg === 'boolean' ? undefined : toNumber(arg);
  const bad = () => `%!${verb}(${goType(arg)}=${goString(arg)})`;
  const sign = (s: string, x: number) => (x >= 0 && flags.includes('+') ? `+${s}` : x >= 0 && flags.includes(' ') ? ` ${s}` : s);
  switch (verb) {
    case 'v':
      return typeof arg === 'string' && flags.includes('#') ? goQuote(arg) : goString(arg);
    case 's':
      return prec !== undefined ? goString(arg).slice(0, prec) : goString(arg);
    case 'q':
      return typeof arg === 'string' ? goQuote(arg) : n !== undefined ? `'${String.fromCodePoint(n)}'` : bad();
    case 't':
      return typeof arg === 'boolean' ? String(arg) : bad();
    case 'T':
      return goType(arg);
    case 'd':
      return n === undefined || !Number.isInteger(n) ? bad() : sign(typeof arg === 'bigint' ? arg.toString() : String(n), n);
    case 'b':
    case 'o':
    case 'x':
    case 'X': {
      if (typeof arg === 'string' && (verb === 'x' || verb === 'X')) {
        const hex = [...arg].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
        return verb === 'X' ? hex.toUpperCase() : hex;
      }
      if (n === undefined || !Number.isInteger(n)) return bad();
      const base = { b: 2, o: 8, x: 16, X: 16 }[verb];
      const s = Math.abs(n).toString(base);
      const prefix = flags.includes('#') ? { b: '0b', o: '0', x: '0x', X: '0X' }[verb] : '';
      return sign((n < 0 ? '-' : '') + prefix + (verb === 'X' ? s.toUpperCase() : s), n);
    }
    case 'c':
      return n === undefined ? bad() : String.fromCodePoint(n);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      if (n === undefined) return bad();
      let s: string;
      if (verb === 'f' || verb === 'F') s = n.toFixed(prec ?? 6);
      else if (verb === 'e' || verb === 'E') s = n.toExponential(prec ?? 6).replace(/e([+-])(\d)$/, 'e$10$2');
      else s = prec !== undefined ? String(Number(n.toPrecision(prec))) : goFloat(n);
      return sign(verb === verb.toUpperCase() ? s.toUpperCase() : s, n);
    }
    default:
      return `%!${verb}(${goType(arg)}=${goString(arg)})`;
  }
}

/** fmt.Sprintf with Go's verbs, flags, width and precision (including `*`). */
export function goSprintf(format: string, args: unknown[]): string {
  let out = '';
  let argi = 0;
  const re = /%([-+# 0]*)(\*|\d+)?(?:\.(\*|\d+))?([a-zA-Z%])/g;
  let last = 0;
  for (let m = re.exec(format); m; m = re.exec(format)) {
    out += format.slice(last, m.index);
    last = re.lastIndex;
    const [, flags = '', w, p, verb = ''] = m;
    if (verb === '%') {
      out += '%';
      continue;
    }
    const width = w === '*' ? Number(toNumber(args[argi++]) ?? 0) : w ? Number(w) : undefined;
    const prec = p === '*' ? Number(toNumber(args[argi++]) ?? 0) : p ? Number(p) : undefined;
    if (argi >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    out += pad(formatVerb(verb, args[argi++], flags, prec), width, flags);
  }
  out += format.slice(last);
  if (argi < args.length)
    out += `%!(EXTRA ${args
      .slice(argi)
      .map((a) => `${goType(a)}=${goString(a)}`)
      .join(', ')})`;
  return out;
}
