// List, map and set functions: cel-go's lists/sets extensions and gomplate's coll helpers
// (slice, contains, sort, distinct, flatten, keys, values, merge, omit, keyValToMap, ...).
import { compareValues, deepEqual, mapEntries } from '../../util/values.js';
import type { CelLibrary } from '../registrar.js';

const MAX_RANGE = 100_000;

type CelMap = Record<string, unknown> | Map<unknown, unknown>;
const entries = (m: CelMap) => mapEntries(m);

/** Removes duplicates (deep equality), keeping first occurrences. */
function distinct(list: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of list) if (!out.some((x) => deepEqual(x, v))) out.push(v);
  return out;
}

function flatten(list: unknown[], depth: number): unknown[] {
  return list.flatMap((v) => (Array.isArray(v) && depth > 0 ? flatten(v, depth - 1) : [v]));
}

/** range(n), range(a, b), range(a, b, step) as int lists, capped so nothing can allocate without bound. */
function range(from: bigint, to: bigint, step = 1n): bigint[] {
  if (step === 0n) throw new Error('range step must not be 0');
  const count = (to - from) / step;
  if (count > BigInt(MAX_RANGE)) throw new Error(`range would create more than ${MAX_RANGE} elements`);
  const out: bigint[] = [];
  for (let i = from; step > 0n ? i < to : i > to; i += step) out.push(i);
  return out;
}

function toObject(pairs: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of pairs) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Registers list, map and set functions. */
export const collectionsLibrary: CelLibrary = (r) => {
  r.method('list', 'slice', ['int', 'int'], 'list', (l: unknown[], a: bigint, b: bigint) => {
    if (a < 0n || b < a || b > BigInt(l.length)) throw new Error(`cannot slice(${a}, ${b}) a list of size ${l.length}`);
    return l.slice(Number(a), Number(b));
  });
  r.method('list', 'contains', ['dyn'], 'bool', (l: unknown[], v: unknown) => l.some((x) => deepEqual(x, v)));
  r.method('list', 'sort', [], 'list', (l: unknown[]) => [...l].sort(compareValues));
  r.method('list', 'distinct', [], 'list', distinct);
  r.method('list', 'uniq', [], 'list', distinct);
  r.method('list', 'flatten', [], 'list', (l: unknown[]) => flatten(l, Infinity));
  r.method('list', 'flatten', ['int'], 'list', (l: unknown[], d: bigint) => flatten(l, Number(d)));
  r.method('list', 'reverse', [], 'list', (l: unknown[]) => [...l].reverse());
  r.method('list', 'first', [], 'dyn', (l: unknown[]) => l[0] ?? null);
  r.method('list', 'last', [], 'dyn', (l: unknown[]) => l.at(-1) ?? null);
  r.method('list', 'sum', [], 'dyn', (l: unknown[]) => l.reduce<unknown>((acc, v) => sumTwo(acc, v), 0n));
  r.fn('range', ['int'], 'list<int>', (n: bigint) => range(0n, n));
  r.fn('range', ['int', 'int'], 'list<int>', (a: bigint, b: bigint) => range(a, b));
  r.fn('range', ['int', 'int', 'int'], 'list<int>', (a: bigint, b: bigint, s: bigint) => range(a, b, s));
  r.fn('lists.range', ['int'], 'list<int>', (n: bigint) => range(0n, n));

  r.method('map', 'keys', [], 'list<string>', (m: CelMap) => entries(m).map(([k]) => k));
  r.method('map', 'values', [], 'list', (m: CelMap) => entries(m).map(([, v]) => v));
  r.method('map', 'merge', ['map'], 'map', (a: CelMap, b: CelMap) => toObject([...entries(a), ...entries(b)]));
  r.method('map', 'omit', ['list'], 'map', (m: CelMap, keys: unknown[]) => toObject(entries(m).filter(([k]) => !keys.includes(k))));
  r.method('map', 'pick', ['list'], 'map', (m: CelMap, keys: unknown[]) => toObject(entries(m).filter(([k]) => keys.includes(k))));
  r.method('map', 'mapToKeyVal', [], 'string', (m: CelMap) =>
    entries(m)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(','),
  );
  r.fn('keyValToMap', ['string'], 'map<string, string>', (s: string) =>
    toObject(
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p): [string, unknown] => {
          const at = p.indexOf('=');
          return at < 0 ? [p, ''] : [p.slice(0, at).trim(), p.slice(at + 1).trim()];
        }),
    ),
  );

  r.fn('sets.contains', ['list', 'list'], 'bool', (a: unknown[], b: unknown[]) => b.every((x) => a.some((y) => deepEqual(x, y))));
  r.fn(
    'sets.equivalent',
    ['list', 'list'],
    'bool',
    (a: unknown[], b: unknown[]) => a.every((x) => b.some((y) => deepEqual(x, y))) && b.every((x) => a.some((y) => deepEqual(x, y))),
  );
  r.fn('sets.intersects', ['list', 'list'], 'bool', (a: unknown[], b: unknown[]) => a.some((x) => b.some((y) => deepEqual(x, y))));
};

function sumTwo(a: unknown, b: unknown): unknown {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a + b;
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) + Number(b);
  throw new Error(`sum() needs numbers, got ${typeof b}`);
}
