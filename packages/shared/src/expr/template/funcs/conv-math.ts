// Conversion, arithmetic and time functions for templates: toString, toInt, add, sub, max,
// the `conv`, `math` and `time` namespaces, and now/date.
import { parseGoDuration } from '../../util/go-duration.js';
import { formatGoTime, parseGoTime, RFC3339 } from '../../util/go-time.js';
import { durationFromNanos } from '../../util/values.js';
import { Namespace, type TemplateFunc } from '../values.js';
import { float, int, list, str } from './args.js';

/** Integer arithmetic when every operand is whole, float otherwise (gomplate's math.Add etc.). */
function arith(args: unknown[], start: number, f: (a: number, b: number) => number): number {
  return args.map(float).reduce(f, start);
}

function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) === 1;
  return ['1', 't', 'true', 'yes', 'y', 'on'].includes(str(v).trim().toLowerCase());
}

function seq(...a: unknown[]): number[] {
  const [start, end] = a.length === 1 ? [1, int(a[0])] : [int(a[0]), int(a[1])];
  const step = (end >= start ? 1 : -1) * Math.abs(a.length > 2 ? int(a[2]) : 1);
  if (step === 0) throw new Error('seq: step must not be 0');
  if (Math.abs((end - start) / step) > 100_000) throw new Error('seq: more than 100000 elements');
  const out: number[] = [];
  for (let i = start; step > 0 ? i <= end : i >= end; i += step) out.push(i);
  return out;
}

function date(layout: unknown, t: unknown): string {
  const d = t instanceof Date ? t : typeof t === 'number' ? new Date(t * 1000) : t === undefined ? new Date() : new Date(str(t));
  if (Number.isNaN(d.getTime())) throw new Error(`date: cannot read ${JSON.stringify(t)} as a time`);
  return formatGoTime(d, str(layout));
}

const math: Record<string, TemplateFunc> = {
  Add: (...a) => arith(a, 0, (x, y) => x + y),
  Sub: (a, b) => float(a) - float(b),
  Mul: (...a) => arith(a, 1, (x, y) => x * y),
  Div: (a, b) => {
    if (float(b) === 0) throw new Error('math.Div: division by zero');
    return float(a) / float(b);
  },
  Rem: (a, b) => int(a) % int(b),
  Pow: (a, b) => Math.pow(float(a), float(b)),
  Abs: (a) => Math.abs(float(a)),
  Ceil: (a) => Math.ceil(float(a)),
  Floor: (a) => Math.floor(float(a)),
  Round: (a) => (float(a) < 0 ? -Math.round(-float(a)) : Math.round(float(a))),
  Max: (...a) => Math.max(...a.map(float)),
  Min: (...a) => Math.min(...a.map(float)),
  Seq: seq,
  IsInt: (a) => typeof a === 'bigint' || (typeof a === 'number' && Number.isInteger(a)),
  IsFloat: (a) => typeof a === 'number' && !Number.isInteger(a),
  IsNum: (a) => typeof a === 'number' || typeof a === 'bigint',
};

const conv: Record<string, TemplateFunc> = {
  ToString: str,
  ToStrings: (...a) => a.map(str),
  ToInt: int,
  ToInt64: int,
  ToFloat64: float,
  ToBool: toBool,
  Join: (l, sep) => list(l, 'join').map(str).join(str(sep)),
  Default: (def, ...v) =>
    v.length === 0 || v[0] === undefined || v[0] === null || v[0] === '' || v[0] === false || v[0] === 0 ? def : v[0],
  ParseInt: (s, base) => Number.parseInt(str(s), int(base) || 10),
  ParseFloat: (s) => Number.parseFloat(str(s)),
};

const time: Record<string, TemplateFunc> = {
  Now: () => new Date(),
  Parse: (layout, v) => parseGoTime(str(layout), str(v)),
  Unix: (s) => new Date(float(s) * 1000),
  ParseDuration: (s) => durationFromNanos(parseGoDuration(str(s))),
  ZoneName: () => 'UTC',
  RFC3339: () => RFC3339,
};

/** Conversion, arithmetic and time functions by template name. */
export const CONV_MATH_FUNCS: Record<string, TemplateFunc> = {
  math: () => new Namespace('math', math),
  conv: () => new Namespace('conv', conv),
  time: () => new Namespace('time', time),
  toString: str,
  toInt: int,
  int,
  int64: int,
  atoi: int,
  toFloat: float,
  float64: float,
  toBool,
  add: math.Add!,
  add1: (a) => float(a) + 1,
  sub: math.Sub!,
  mul: math.Mul!,
  div: (a, b) => {
    if (int(b) === 0) throw new Error('div: division by zero');
    return Math.trunc(int(a) / int(b));
  },
  mod: (a, b) => int(a) % int(b),
  max: math.Max!,
  min: math.Min!,
  floor: math.Floor!,
  ceil: math.Ceil!,
  round: math.Round!,
  seq,
  now: () => new Date(),
  date,
  toDate: (layout, v) => parseGoTime(str(layout), str(v)),
  unixEpoch: (t) => Math.floor((t instanceof Date ? t : new Date(str(t))).getTime() / 1000),
};
