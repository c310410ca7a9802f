// jq builtins that walk or reshape whole values: recurse/2, walk, tostream, fromstream, pick, transpose, combinations,
// nth/2, isempty and bsearch (each as jq 1.7 defines it in its own jq-coded library).
import type { JqNode } from './ast.js';
import { evalPaths, getpath, setpath, type JqPath } from './paths.js';
import { JqRuntimeError, type JqContext } from './runtime.js';
import { jqCompare, jqShow, jqTruthy, jqType, type Json } from './values.js';

type Fn = (input: Json, args: JqNode[], ctx: JqContext) => Json[];

// jq's streaming form: [path, leaf] for each leaf (empty arrays and objects too), depth first, and
// [path of the last child] when an array or object ends.
function toStream(v: Json, path: JqPath, ctx: JqContext): Json[] {
  ctx.budget.spend();
  const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : v !== null && typeof v === 'object' ? Object.keys(v) : [];
  if (keys.length === 0) return [[path, v]];
  const out: Json[] = [];
  for (const k of keys) out.push(...toStream((v as Record<string | number, Json>)[k]!, [...path, k], ctx));
  out.push([[...path, keys.at(-1)!]]);
  return out;
}

const needArray = (v: Json, what: string): Json[] => {
  if (!Array.isArray(v)) throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) cannot be ${what}`);
  return v;
};

// Every way to pick one element from each array in turn, first array slowest.
function combinations(lists: Json[][], ctx: JqContext): Json[] {
  if (lists.length === 0) return [[]];
  const [head, ...rest] = lists;
  const tails = combinations(rest, ctx);
  return head!.flatMap((x) => tails.map((t) => (ctx.budget.spend(), [x, ...(t as Json[])])));
}

/** The builtins of this file, keyed name/arity like the others. */
export const STRUCTURE_FNS: Record<string, Fn> = {
  // recurse(f; cond): ., then f's outputs that satisfy cond, recursively.
  'recurse/2': (v, [f, cond], ctx) => {
    const out: Json[] = [];
    const walk = (x: Json) => {
      ctx.budget.spend();
      out.push(x);
      for (const y of ctx.evaluate(f!, x, ctx)) if (ctx.evaluate(cond!, y, ctx).some(jqTruthy)) walk(y);
    };
    walk(v);
    return out;
  },
  // walk(f): f applied bottom-up, to every element and member first, then to the value holding them.
  'walk/1': (v, [f], ctx) => {
    const walk = (x: Json): Json[] => {
      ctx.budget.spend();
      let inner: Json = x;
      if (Array.isArray(x)) inner = x.flatMap(walk);
      else if (x !== null && typeof x === 'object') {
        const o: Record<string, Json> = {};
        for (const [k, val] of Object.entries(x)) {
          const r = walk(val);
          if (r.length > 0) o[k] = r[0]!;
        }
        inner = o;
      }
      return ctx.evaluate(f!, inner, ctx);
    };
    return walk(v);
  },
  'tostream/0': (v, _a, ctx) => toStream(v, [], ctx),
  // fromstream(f): rebuilds the values whose streaming form f outputs ([path, leaf] and closing [path]).
  'fromstream/1': (v, [f], ctx) => {
    const out: Json[] = [];
    let building: Json = null;
    for (const event of ctx.evaluate(f!, v, ctx)) {
      ctx.budget.spend();
      const e = needArray(event, 'a stream event');
      const path = needArray(e[0] ?? null, 'a stream path') as JqPath;
      if (e.length === 2 && path.length === 0) out.push(e[1]!);
      else if (e.length === 2) building = setpath(building, path, e[1]!);
      else if (path.length === 1) {
        out.push(building);
        building = null;
      }
    }
    return out;
  },
  // pick(pathexps): only the given paths of the input, everything else dropped (null where absent).
  'pick/1': (v, [f], ctx) => [evalPaths(f!, v, ctx).reduce<Json>((acc, [p]) => setpath(acc, p, getpath(v, p)), null)],
  'transpose/0': (v) => {
    const rows = needArray(v, 'transposed').map((r) => needArray(r, 'transposed'));
    const width = Math.max(0, ...rows.map((r) => r.length));
    return [Array.from({ length: width }, (_, i) => rows.map((r) => r[i] ?? null))];
  },
  'combinations/0': (v, _a, ctx) =>
    combinations(
      needArray(v, 'combined').map((r) => needArray(r, 'combined')),
      ctx,
    ),
  'combinations/1': (v, [n], ctx) =>
    ctx.evaluate(n!, v, ctx).flatMap((k) =>
      combinations(
        Array.from({ length: Number(k) }, () => needArray(v, 'combined')),
        ctx,
      ),
    ),
  'nth/2': (v, [n, f], ctx) =>
    ctx.evaluate(n!, v, ctx).flatMap((i) => {
      if (typeof i !== 'number' || i < 0) throw new JqRuntimeError('Out of bounds negative array index');
      return ctx.evaluate(f!, v, ctx).slice(i, i + 1);
    }),
  'isempty/1': (v, [f], ctx) => {
    try {
      return [ctx.evaluate(f!, v, ctx).length === 0];
    } catch (e) {
      // jq stops at the first output, so an error after it is never reached; evaluation here is eager, so
      // an error is taken as coming after an output.
      if (e instanceof JqRuntimeError) return [false];
      throw e;
    }
  },
  // bsearch(x): x's index in a sorted array, or (-1 - the index where it would go).
  'bsearch/1': (v, [x], ctx) =>
    ctx.evaluate(x!, v, ctx).map((target) => {
      const arr = needArray(v, 'searched from');
      let lo = 0;
      let hi = arr.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const c = jqCompare(arr[mid]!, target);
        if (c === 0) return mid;
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
      }
      return -1 - lo;
    }),
};
