// Collection and control helpers for templates (gomplate coll/conv plus common Sprig names):
// dict, list, keys, values, has, merge, pick, omit, append, prepend, uniq, sort, default, ...
import { compareValues, deepEqual, isMapLike, mapEntries, mapGet, truthy } from '../../util/values.js';
import { Namespace, type TemplateFunc } from '../values.js';
import { list, makeRecord, record, str } from './args.js';

function dict(...kv: unknown[]): Record<string, unknown> {
  const pairs: [string, unknown][] = [];
  for (let i = 0; i < kv.length; i += 2) pairs.push([str(kv[i]), i + 1 < kv.length ? kv[i + 1] : '']);
  return makeRecord(pairs);
}

/** gomplate's has(in, key): a map key or a list element. */
function has(coll: unknown, key: unknown): boolean {
  if (Array.isArray(coll)) return coll.some((x) => deepEqual(x, key));
  if (isMapLike(coll)) return mapGet(coll, str(key)) !== undefined;
  return false;
}

const sortedKeys = (...maps: unknown[]) =>
  maps.flatMap((m) =>
    mapEntries(record(m, 'keys'))
      .map(([k]) => k)
      .sort(),
  );

/** merge(dst, src...): the first map wins, later maps fill in missing keys. */
function merge(...maps: unknown[]): Record<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of maps) for (const [k, v] of mapEntries(record(m, 'merge'))) if (!out.has(k)) out.set(k, v);
  return makeRecord([...out.entries()]);
}

/** Sorts a list (or a list of maps by a key: sort "name" list). */
function sort(...a: unknown[]): unknown[] {
  const l = [...list(a.at(-1), 'sort')];
  if (a.length === 2) {
    const key = str(a[0]);
    return l.sort((x, y) => compareValues(isMapLike(x) ? mapGet(x, key) : x, isMapLike(y) ? mapGet(y, key) : y));
  }
  return l.sort(compareValues);
}

const uniq = (l: unknown) => list(l, 'uniq').filter((x, i, all) => all.findIndex((y) => deepEqual(x, y)) === i);

/** join in either argument order: gomplate's join list sep, or Sprig's join sep list. */
function join(a: unknown, b: unknown): string {
  const [items, sep] = Array.isArray(a) ? [a, b] : [list(b, 'join'), a];
  return items.map(str).join(str(sep));
}

const coll: Record<string, TemplateFunc> = {
  Dict: dict,
  Slice: (...a) => a,
  Has: has,
  Keys: sortedKeys,
  Values: (...maps) =>
    maps.flatMap((m) =>
      mapEntries(record(m, 'values'))
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([, v]) => v),
    ),
  Append: (v, l) => [...list(l, 'append'), v],
  Prepend: (v, l) => [v, ...list(l, 'prepend')],
  Uniq: uniq,
  Reverse: (l) => [...list(l, 'reverse')].reverse(),
  Sort: sort,
  Merge: merge,
  Pick: (...a) => makeRecord(mapEntries(record(a.at(-1), 'pick')).filter(([k]) => a.slice(0, -1).map(str).includes(k))),
  Omit: (...a) => makeRecord(mapEntries(record(a.at(-1), 'omit')).filter(([k]) => !a.slice(0, -1).map(str).includes(k))),
  Flatten: (...a) => {
    const depth = a.length === 2 ? Number(a[0]) : Infinity;
    const flat = (l: unknown[], d: number): unknown[] => l.flatMap((x) => (Array.isArray(x) && d > 0 ? flat(x, d - 1) : [x]));
    return flat(list(a.at(-1), 'flatten'), depth);
  },
};

/** Collection and control functions by template name. */
export const COLL_FUNCS: Record<string, TemplateFunc> = {
  coll: () => new Namespace('coll', coll),
  dict,
  list: (...a) => a,
  has,
  keys: sortedKeys,
  values: coll.Values!,
  merge,
  pick: coll.Pick!,
  omit: coll.Omit!,
  append: coll.Append!,
  prepend: coll.Prepend!,
  uniq,
  reverse: coll.Reverse!,
  sort,
  flatten: coll.Flatten!,
  first: (l) => list(l, 'first')[0],
  last: (l) => list(l, 'last').at(-1),
  join,
  default: (def, ...v) => (v.length === 0 || !truthy(v[0]) ? def : v[0]),
  empty: (v) => !truthy(v),
  coalesce: (...a) => a.find(truthy),
  ternary: (a, b, cond) => (truthy(cond) ? a : b),
  required: (msg, v) => {
    if (v === undefined || v === null || v === '') throw new Error(str(msg));
    return v;
  },
  fail: (msg) => {
    throw new Error(str(msg));
  },
};
