// jq's standard functions. Each gets the call node (its argument filters), the input and context.
import type { JqNode } from './ast.js';
import { first, iterate, JqRuntimeError, type JqContext } from './runtime.js';
import { delpaths, evalPaths, getpath, pathsOf, setpath, type JqPath } from './paths.js';
import { REGEX_FNS } from './builtins-regex.js';
import { STRUCTURE_FNS } from './builtins-structure.js';
import { jqCompare, jqShow, jqTruthy, jqType, type Json } from './values.js';

type Call = Extract<JqNode, { t: 'call' }>;
type Fn = (input: Json, args: JqNode[], ctx: JqContext) => Json[];

const one =
  (f: (v: Json) => Json): Fn =>
  (input) => [f(input)];
const needString = (v: Json, fn: string): string => {
  if (typeof v !== 'string') throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) cannot be ${fn}`);
  return v;
};
const needArray = (v: Json, fn: string): Json[] => {
  if (!Array.isArray(v)) throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) cannot be ${fn}`);
  return v;
};
const sortBy = (arr: Json[], key: (v: Json) => Json[]) => arr.map((v) => ({ v, k: key(v) as Json })).sort((a, b) => jqCompare(a.k, b.k));
const keysOf = (v: Json): Json[] => {
  if (Array.isArray(v)) return v.map((_, i) => i);
  if (v !== null && typeof v === 'object') return Object.keys(v).sort();
  throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) has no keys`);
};
const lengthOf = (v: Json): Json => {
  if (v === null) return 0;
  if (typeof v === 'boolean') throw new JqRuntimeError('boolean has no length');
  if (typeof v === 'number') return Math.abs(v);
  if (typeof v === 'string') return [...v].length;
  return Array.isArray(v) ? v.length : Object.keys(v).length;
};
const containsNested = (a: Json, b: Json): boolean => {
  if (jqType(a) !== jqType(b)) return false;
  if (typeof a === 'string' && typeof b === 'string') return a.includes(b);
  if (Array.isArray(a) && Array.isArray(b)) return b.every((x) => a.some((y) => containsNested(y, x)));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    return Object.entries(b).every(([k, v]) => Object.hasOwn(a, k) && containsNested(a[k]!, v));
  }
  return jqCompare(a, b) === 0;
};
// Like jq, only the top level needs values of one kind; below it another kind is simply not contained.
const contains = (a: Json, b: Json): boolean => {
  if (jqType(a) !== jqType(b))
    throw new JqRuntimeError(`${jqType(a)} (${jqShow(a)}) and ${jqType(b)} (${jqShow(b)}) cannot have their containment checked`);
  return containsNested(a, b);
};
const flatten = (v: Json[], depth: number): Json[] => v.flatMap((x) => (Array.isArray(x) && depth > 0 ? flatten(x, depth - 1) : [x]));
const fromEntries = (v: Json): Json => {
  const out: Record<string, Json> = {};
  for (const e of needArray(v, 'turned into an object')) {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) throw new JqRuntimeError('from_entries needs objects');
    const k = e.key ?? e.k ?? e.name ?? e.Name ?? e.Key ?? e.K ?? null;
    const val = Object.hasOwn(e, 'value') ? e.value! : Object.hasOwn(e, 'v') ? e.v! : (e.Value ?? null);
    out[typeof k === 'string' ? k : JSON.stringify(k)] = val;
  }
  return out;
};
const toEntries = (v: Json): Json => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) has no keys`);
  return Object.entries(v).map(([key, value]) => ({ key, value }));
};

const FNS: Record<string, Fn> = {
  ...STRUCTURE_FNS,
  ...REGEX_FNS,
  'empty/0': () => [],
  'not/0': one((v) => !jqTruthy(v)),
  'length/0': one(lengthOf),
  'utf8bytelength/0': one((v) => utf8Length(needString(v, 'measured'))),
  'keys/0': one(keysOf),
  'keys_unsorted/0': one((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : keysOf(v))),
  'values/0': (v) => (v === null ? [] : [v]),
  'has/1': (v, [k], ctx) =>
    ctx
      .evaluate(k!, v, ctx)
      .map((key) =>
        Array.isArray(v)
          ? typeof key === 'number' && key >= 0 && key < v.length
          : v !== null && typeof v === 'object' && typeof key === 'string' && Object.hasOwn(v, key),
      ),
  'in/1': (v, [o], ctx) =>
    ctx
      .evaluate(o!, v, ctx)
      .map((obj) =>
        Array.isArray(obj)
          ? typeof v === 'number' && v < obj.length
          : obj !== null && typeof obj === 'object' && typeof v === 'string' && Object.hasOwn(obj, v),
      ),
  'map/1': (v, [f], ctx) => [iterate(v).flatMap((x) => ctx.evaluate(f!, x, ctx))],
  'map_values/1': (v, [f], ctx) => {
    if (Array.isArray(v)) return [v.flatMap((x) => ctx.evaluate(f!, x, ctx).slice(0, 1))];
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v as Record<string, Json>)) {
      const r = ctx.evaluate(f!, x, ctx);
      if (r.length > 0) out[k] = r[0]!;
    }
    return [out];
  },
  'select/1': (v, [f], ctx) =>
    ctx
      .evaluate(f!, v, ctx)
      .filter(jqTruthy)
      .map(() => v),
  'recurse/0': (v, _a, ctx) => ctx.evaluate({ t: 'recurse', pos: 0 }, v, ctx),
  'recurse/1': (v, [f], ctx) => {
    const out: Json[] = [];
    const walk = (x: Json) => {
      ctx.budget.spend();
      out.push(x);
      for (const y of ctx.evaluate({ t: 'try', body: f!, pos: 0 }, x, ctx)) walk(y);
    };
    walk(v);
    return out;
  },
  'error/0': (v) => {
    throw new JqRuntimeError(typeof v === 'string' ? v : JSON.stringify(v), v);
  },
  'error/1': (v, [m], ctx) => {
    const msg = first(m!, v, ctx);
    throw new JqRuntimeError(typeof msg === 'string' ? msg : JSON.stringify(msg), msg);
  },
  'add/0': (v) => [iterate(v).reduce<Json>((acc, x) => (acc === null ? x : x === null ? acc : addTwo(acc, x)), null)],
  'any/0': one((v) => iterate(v).some(jqTruthy)),
  'all/0': one((v) => iterate(v).every(jqTruthy)),
  'any/1': (v, [f], ctx) => [iterate(v).some((x) => ctx.evaluate(f!, x, ctx).some(jqTruthy))],
  'all/1': (v, [f], ctx) => [iterate(v).every((x) => ctx.evaluate(f!, x, ctx).every(jqTruthy))],
  'any/2': (v, [g, f], ctx) => [ctx.evaluate(g!, v, ctx).some((x) => ctx.evaluate(f!, x, ctx).some(jqTruthy))],
  'all/2': (v, [g, f], ctx) => [ctx.evaluate(g!, v, ctx).every((x) => ctx.evaluate(f!, x, ctx).every(jqTruthy))],
  'range/1': (v, [n], ctx) => ctx.evaluate(n!, v, ctx).flatMap((to) => rangeOf(0, to as number, 1, ctx)),
  'range/2': (v, [a, b], ctx) =>
    ctx.evaluate(a!, v, ctx).flatMap((from) => ctx.evaluate(b!, v, ctx).flatMap((to) => rangeOf(from as number, to as number, 1, ctx))),
  'range/3': (v, [a, b, s], ctx) => rangeOf(first(a!, v, ctx) as number, first(b!, v, ctx) as number, first(s!, v, ctx) as number, ctx),
  'floor/0': one((v) => Math.floor(v as number)),
  'ceil/0': one((v) => Math.ceil(v as number)),
  'round/0': one((v) => Math.sign(v as number) * Math.round(Math.abs(v as number))),
  'sqrt/0': one((v) => Math.sqrt(v as number)),
  'fabs/0': one((v) => Math.abs(v as number)),
  'abs/0': one((v) => (typeof v === 'number' ? Math.abs(v) : v)),
  'pow/2': (v, [a, b], ctx) => [Math.pow(first(a!, v, ctx) as number, first(b!, v, ctx) as number)],
  'log/0': one((v) => Math.log(v as number)),
  'exp/0': one((v) => Math.exp(v as number)),
  'infinite/0': () => [Infinity],
  'nan/0': () => [NaN],
  'isnan/0': one((v) => typeof v === 'number' && Number.isNaN(v)),
  'isinfinite/0': one((v) => v === Infinity || v === -Infinity),
  'isnormal/0': one((v) => typeof v === 'number' && Number.isFinite(v) && v !== 0),
  'tostring/0': one((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  'tonumber/0': one((v) => {
    if (typeof v === 'number') return v;
    const str = needString(v, 'parsed as a number');
    const n = Number(str);
    if (str.trim() === '' || Number.isNaN(n)) throw new JqRuntimeError(`Cannot parse ${JSON.stringify(v)} as a number`);
    return n;
  }),
  'type/0': one(jqType),
  'tojson/0': one((v) => JSON.stringify(v)),
  'fromjson/0': one((v) => {
    try {
      return JSON.parse(needString(v, 'parsed as JSON')) as Json;
    } catch (e) {
      throw new JqRuntimeError(`${(e as Error).message} (while parsing '${jqShow(v)}')`);
    }
  }),
  'sort/0': one((v) => [...needArray(v, 'sorted, as it is not an array')].sort(jqCompare)),
  'sort_by/1': (v, [f], ctx) => [sortBy(needArray(v, 'sorted'), (x) => ctx.evaluate(f!, x, ctx)).map((e) => e.v)],
  'group_by/1': (v, [f], ctx) => {
    const groups: Json[][] = [];
    let last: Json | undefined;
    for (const { v: x, k } of sortBy(needArray(v, 'grouped'), (y) => ctx.evaluate(f!, y, ctx))) {
      if (last !== undefined && jqCompare(last, k) === 0) groups.at(-1)!.push(x);
      else groups.push([x]);
      last = k;
    }
    return [groups];
  },
  'unique/0': one((v) => [...needArray(v, 'sorted')].sort(jqCompare).filter((x, i, a) => i === 0 || jqCompare(a[i - 1]!, x) !== 0)),
  'unique_by/1': (v, [f], ctx) => [
    sortBy(needArray(v, 'sorted'), (x) => ctx.evaluate(f!, x, ctx))
      .filter((e, i, a) => i === 0 || jqCompare(a[i - 1]!.k, e.k) !== 0)
      .map((e) => e.v),
  ],
  'min/0': one((v) => [...needArray(v, 'compared')].sort(jqCompare)[0] ?? null),
  'max/0': one((v) => [...needArray(v, 'compared')].sort(jqCompare).at(-1) ?? null),
  'min_by/1': (v, [f], ctx) => [sortBy(needArray(v, 'compared'), (x) => ctx.evaluate(f!, x, ctx))[0]?.v ?? null],
  'max_by/1': (v, [f], ctx) => [sortBy(needArray(v, 'compared'), (x) => ctx.evaluate(f!, x, ctx)).at(-1)?.v ?? null],
  'reverse/0': one((v) => (typeof v === 'string' ? [...v].reverse().join('') : v === null ? [] : [...needArray(v, 'reversed')].reverse())),
  'contains/1': (v, [b], ctx) => ctx.evaluate(b!, v, ctx).map((x) => contains(v, x)),
  'inside/1': (v, [b], ctx) => ctx.evaluate(b!, v, ctx).map((x) => contains(x, v)),
  'startswith/1': (v, [s], ctx) =>
    ctx.evaluate(s!, v, ctx).map((x) => needString(v, 'checked').startsWith(needString(x, 'used as a prefix'))),
  'endswith/1': (v, [s], ctx) => ctx.evaluate(s!, v, ctx).map((x) => needString(v, 'checked').endsWith(needString(x, 'used as a suffix'))),
  'ltrimstr/1': (v, [s], ctx) =>
    ctx.evaluate(s!, v, ctx).map((x) => (typeof v === 'string' && typeof x === 'string' && v.startsWith(x) ? v.slice(x.length) : v)),
  'rtrimstr/1': (v, [s], ctx) =>
    ctx
      .evaluate(s!, v, ctx)
      .map((x) => (typeof v === 'string' && typeof x === 'string' && x !== '' && v.endsWith(x) ? v.slice(0, -x.length) : v)),
  'trim/0': one((v) => needString(v, 'trimmed').trim()),
  'ltrim/0': one((v) => needString(v, 'trimmed').trimStart()),
  'rtrim/0': one((v) => needString(v, 'trimmed').trimEnd()),
  'explode/0': one((v) => [...needString(v, 'exploded')].map((c) => c.codePointAt(0)!)),
  'implode/0': one((v) => String.fromCodePoint(...needArray(v, 'imploded').map((n) => n as number))),
  'split/1': (v, [s], ctx) => ctx.evaluate(s!, v, ctx).map((sep) => needString(v, 'split').split(needString(sep, 'used as a separator'))),
  'join/1': (v, [s], ctx) =>
    ctx.evaluate(s!, v, ctx).map((sep) =>
      needArray(v, 'joined')
        .map((x) => (x === null ? '' : typeof x === 'object' ? failJoin(x) : String(x)))
        .join(needString(sep, 'used to join')),
    ),
  'ascii_downcase/0': one((v) => needString(v, 'lowercased').replace(/[A-Z]/g, (c) => c.toLowerCase())),
  'ascii_upcase/0': one((v) => needString(v, 'uppercased').replace(/[a-z]/g, (c) => c.toUpperCase())),
  'to_entries/0': one(toEntries),
  'from_entries/0': one(fromEntries),
  'with_entries/1': (v, [f], ctx) => [fromEntries((toEntries(v) as Json[]).flatMap((e) => ctx.evaluate(f!, e, ctx)))],
  'paths/0': (v, _a, ctx) =>
    evalPaths({ t: 'recurse', pos: 0 }, v, ctx)
      .slice(1)
      .map(([p]) => p),
  'paths/1': (v, [f], ctx) =>
    evalPaths({ t: 'recurse', pos: 0 }, v, ctx)
      .slice(1)
      .filter(([, x]) => ctx.evaluate(f!, x, ctx).some(jqTruthy))
      .map(([p]) => p),
  'leaf_paths/0': (v, _a, ctx) =>
    evalPaths({ t: 'recurse', pos: 0 }, v, ctx)
      .slice(1)
      .filter(([, x]) => x === null || typeof x !== 'object')
      .map(([p]) => p),
  'path/1': (v, [f], ctx) => pathsOf(f!, v, ctx),
  'del/1': (v, [f], ctx) => [delpaths(v, pathsOf(f!, v, ctx) as JqPath[])],
  'getpath/1': (v, [p], ctx) => ctx.evaluate(p!, v, ctx).map((path) => getpath(v, needArray(path, 'used as a path') as JqPath)),
  'setpath/2': (v, [p, x], ctx) =>
    ctx.evaluate(x!, v, ctx).map((val) => setpath(v, needArray(first(p!, v, ctx), 'used as a path') as JqPath, val)),
  'delpaths/1': (v, [p], ctx) => [delpaths(v, needArray(first(p!, v, ctx), 'used as paths') as JqPath[])],
  'to_array/0': one((v) => (Array.isArray(v) ? v : [v])),
  'first/0': one((v) => needArray(v, 'indexed')[0] ?? null),
  'last/0': one((v) => needArray(v, 'indexed').at(-1) ?? null),
  'nth/1': (v, [n], ctx) => [needArray(v, 'indexed')[first(n!, v, ctx) as number] ?? null],
  'first/1': (v, [f], ctx) => ctx.evaluate(f!, v, ctx).slice(0, 1),
  'last/1': (v, [f], ctx) => ctx.evaluate(f!, v, ctx).slice(-1),
  'limit/2': (v, [n, f], ctx) => ctx.evaluate(f!, v, ctx).slice(0, Math.max(0, first(n!, v, ctx) as number)),
  'until/2': (v, [c, u], ctx) => {
    let x = v;
    while (!jqTruthy(first(c!, x, ctx))) x = first(u!, x, ctx);
    return [x];
  },
  'while/2': (v, [c, u], ctx) => {
    const out: Json[] = [];
    for (let x = v; jqTruthy(first(c!, x, ctx)); x = first(u!, x, ctx)) out.push(x);
    return out;
  },
  'flatten/0': one((v) => flatten(needArray(v, 'flattened'), Infinity)),
  'flatten/1': (v, [d], ctx) => [flatten(needArray(v, 'flattened'), first(d!, v, ctx) as number)],
  'index/1': (v, [s], ctx) => ctx.evaluate(s!, v, ctx).map((x) => indices(v, x)[0] ?? null),
  'rindex/1': (v, [s], ctx) => ctx.evaluate(s!, v, ctx).map((x) => indices(v, x).at(-1) ?? null),
  'indices/1': (v, [s], ctx) => ctx.evaluate(s!, v, ctx).map((x) => indices(v, x)),
  'objects/0': (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? [v] : []),
  'arrays/0': (v) => (Array.isArray(v) ? [v] : []),
  'strings/0': (v) => (typeof v === 'string' ? [v] : []),
  'numbers/0': (v) => (typeof v === 'number' ? [v] : []),
  'booleans/0': (v) => (typeof v === 'boolean' ? [v] : []),
  'nulls/0': (v) => (v === null ? [v] : []),
  'iterables/0': (v) => (v !== null && typeof v === 'object' ? [v] : []),
  'scalars/0': (v) => (v === null || typeof v !== 'object' ? [v] : []),
  'now/0': () => [Date.now() / 1000],
  'todate/0': one((v) => new Date((v as number) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')),
  'todateiso8601/0': one((v) => new Date((v as number) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')),
  'fromdate/0': one(parseDate),
  'fromdateiso8601/0': one(parseDate),
  'ascii/0': one((v) => String.fromCharCode(v as number)),
  'debug/0': (v) => [v],
};

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

function failJoin(x: Json): never {
  throw new JqRuntimeError(`Cannot join with ${jqType(x)}`);
}

function addTwo(a: Json, b: Json): Json {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a && b && typeof a === 'object' && typeof b === 'object') return { ...a, ...b } as Json;
  throw new JqRuntimeError(`${jqType(a)} (${jqShow(a)}) and ${jqType(b)} (${jqShow(b)}) cannot be added`);
}

function rangeOf(from: number, to: number, step: number, ctx: JqContext): Json[] {
  const out: Json[] = [];
  if (step === 0) return out;
  for (let i = from; step > 0 ? i < to : i > to; i += step) {
    ctx.budget.spend();
    out.push(i);
  }
  return out;
}

function indices(v: Json, x: Json): number[] {
  const out: number[] = [];
  if (typeof v === 'string' && typeof x === 'string') {
    if (x === '') return out;
    for (let i = v.indexOf(x); i >= 0; i = v.indexOf(x, i + 1)) out.push(i);
  } else if (Array.isArray(v)) {
    const sub = Array.isArray(x) ? x : [x];
    for (let i = 0; i + sub.length <= v.length; i++) if (sub.length > 0 && sub.every((y, j) => jqCompare(v[i + j]!, y) === 0)) out.push(i);
  } else if (v !== null) throw new JqRuntimeError(`Cannot determine indices in ${jqType(v)}`);
  return out;
}

function parseDate(v: Json): Json {
  const t = Date.parse(needString(v, 'parsed as a date'));
  if (Number.isNaN(t)) throw new JqRuntimeError(`date ${JSON.stringify(v)} does not match format "%Y-%m-%dT%H:%M:%SZ"`);
  return t / 1000;
}

/** Dispatches a call by name and arity; unknown functions are an error naming the function. */
export function callBuiltin(node: Call, input: Json, ctx: JqContext): Json[] {
  const fn = FNS[`${node.name}/${node.args.length}`];
  if (!fn) throw new JqRuntimeError(`${node.name}/${node.args.length} is not defined`);
  return fn(input, node.args, ctx);
}

/** True when a function name/arity exists (the parser checks calls up front). */
export function hasBuiltin(name: string, arity: number): boolean {
  return Object.hasOwn(FNS, `${name}/${arity}`);
}
